import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A log entry as the SDK put it on the wire. */
export type WireLog = Record<string, unknown> & { eventId: string; message: string; level: string; bucket: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Bytes as received (gzip when the SDK compressed). */
  raw: Buffer;
  body: { projectId: string; logs: WireLog[] };
  /** Date.now() at arrival: the fake clock under fake timers, so gaps between retries can be measured. */
  at: number;
}

/** How the recorder answers one POST. */
export type Reply =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { destroy: true }
  | { hang: true }
  /** Pass the request on to a real Logdesk; `thenDestroy` drops the connection instead of relaying its answer. */
  | { forward: string; thenDestroy?: boolean };

export interface Recorder {
  url: string;
  /** Every POST received, in order of arrival. */
  requests: RecordedRequest[];
  /** All logs of all requests, in order. */
  logs(): WireLog[];
  /** Resolves once `count` POSTs have arrived, with the first `count` of them. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding, authorization, x-service-sdk-version',
  'access-control-max-age': '600',
};

/**
 * A real node:http server standing in for Logdesk's POST /logs: it records each request (body gunzipped)
 * and answers as `reply` says (200 by default). Preflights are answered for any origin, as Logdesk does.
 */
export async function startRecorder(
  reply: (request: RecordedRequest, index: number) => Reply | Promise<Reply> = () => ({ status: 200 }),
): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return res.writeHead(204, CORS).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body: JSON.parse(text || '{}'),
        at: Date.now(),
      };
      requests.push(request);
      waiters.splice(0).forEach((wake) => wake());
      respond(await reply(request, requests.length - 1), req, res, raw);
    });
  });

  function respond(answer: Reply, req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    if ('destroy' in answer) return void req.socket.destroy();
    if ('hang' in answer) return;
    if ('forward' in answer) return void forward(answer, req.headers, raw, res);
    res.writeHead(answer.status, { ...CORS, 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? (answer.status === 200 ? '{"status":"ok","processed":0}' : '{"message":"test"}'));
  }

  async function forward(
    answer: { forward: string; thenDestroy?: boolean },
    headers: IncomingHttpHeaders,
    raw: Buffer,
    res: ServerResponse,
  ): Promise<void> {
    const pass = ['content-type', 'content-encoding', 'authorization', 'x-service-sdk-version'];
    const response = await fetch(`${answer.forward}/logs`, {
      method: 'POST',
      headers: Object.fromEntries(pass.filter((name) => headers[name]).map((name) => [name, String(headers[name])])),
      body: new Uint8Array(raw),
    });
    const text = await response.text();
    if (answer.thenDestroy) return void res.socket?.destroy();
    res.writeHead(response.status, { ...CORS, 'content-type': 'application/json' }).end(text);
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    logs: () => requests.flatMap((request) => request.body.logs ?? []),
    waitForRequests: (count) =>
      new Promise((done) => {
        const check = (): void =>
          requests.length >= count ? done(requests.slice(0, count)) : void waiters.push(check);
        check();
      }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
