import { gzipSync } from 'node:zlib';

export interface SentResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** POSTs a JSON body (optionally gzip-compressed) to `POST /logs`. */
export async function postLogs(
  url: string,
  body: unknown,
  options: { gzip?: boolean; headers?: Record<string, string> } = {},
): Promise<SentResponse<Record<string, unknown>>> {
  const json = Buffer.from(JSON.stringify(body));
  const response = await fetch(`${url}/logs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
      ...options.headers,
    },
    body: options.gzip ? gzipSync(json) : json,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** POSTs raw bytes to `POST /logs` with the given headers (bad encodings, bad types). */
export const postRaw = (url: string, body: string | Buffer, headers: Record<string, string>): Promise<Response> =>
  fetch(`${url}/logs`, { method: 'POST', headers, body: body as BodyInit });

export async function getJson<T = any>(url: string, headers: Record<string, string> = {}): Promise<SentResponse<T>> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** Polls `check` until it returns a truthy value (returned) or the time runs out (throws). */
type Maybe<T> = T | null | undefined | false;

export async function waitFor<T>(check: () => Promise<Maybe<T>> | Maybe<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** Waits until `GET /api/logs?projectId=` holds at least `count` logs (storage is asynchronous). */
export const waitForLogs = (url: string, projectId: string, count: number, timeoutMs = 10_000) =>
  waitFor(async () => {
    const page = await getJson<{ logs: unknown[] }>(`${url}/api/logs?projectId=${encodeURIComponent(projectId)}&limit=1000`);
    return page.body.logs.length >= count ? page.body : null;
  }, `${count} logs in ${projectId}`, timeoutMs);

export const log = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  bucket: 'api',
  level: 'info',
  message: 'hello',
  ...overrides,
});
