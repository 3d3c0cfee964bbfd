import { createServiceClient, type ServiceClient, type ServiceClientConfig } from '../../src';
import { startRecorder, type Recorder, type Reply } from '../support/recorder';
import { advanceUntil } from '../support/wait';

let recorder: Recorder | undefined;
let logdesk: ServiceClient | undefined;
const originalEnv = process.env.NODE_ENV;

/** A recorder answering request n (from 0) with replies[n], and 200 once the script runs out. */
async function serve(...replies: Reply[]): Promise<Recorder> {
  recorder = await startRecorder((_, index) => replies[index] ?? { status: 200 });
  return recorder;
}

function client(server: Recorder, config: Partial<ServiceClientConfig> = {}): ServiceClient {
  logdesk = createServiceClient({
    projectId: 'sdk-retry',
    apiKey: 'k',
    mode: 'local',
    endpoint: server.url,
    ...config,
  });
  return logdesk;
}

const messages = (server: Recorder, request: number): string[] =>
  server.requests[request].body.logs.map((log) => log.message);

/** Gaps between consecutive requests, on the fake clock. */
const gaps = (server: Recorder): number[] => server.requests.slice(1).map((req, i) => req.at - server.requests[i].at);

beforeEach(() => {
  // Only the SDK's timers are faked; sockets and the microtask queue stay real.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance'] });
});

afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  process.env.NODE_ENV = originalEnv;
  await logdesk?.destroy();
  await recorder?.close();
  logdesk = recorder = undefined;
});

describe('retries (Node, real HTTP, fake clock)', () => {
  it('retries a 5xx after 1 s, 2 s and 4 s with the same body, and the batch then lands', async () => {
    const server = await serve({ status: 500 }, { status: 502 }, { status: 503 });
    const log = client(server);
    log.info({ bucket: 'retry', message: 'persistent' });
    const flushed = log.flush();

    await advanceUntil(() => server.requests.length === 4, 10_000);
    await flushed;
    expect(server.requests).toHaveLength(4);
    gaps(server).forEach((gap, retry) => {
      const late = gap - [1000, 2000, 4000][retry];
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(800);
    });
    const bodies = server.requests.map((request) => JSON.stringify(request.body));
    expect(new Set(bodies).size).toBe(1);
    expect(log.stats()).toEqual({ queued: 0, sent: 1, dropped: 0 });
  });

  it('gives up after three retries, drops the batch with a development warning and goes on', async () => {
    process.env.NODE_ENV = 'development';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await serve({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const log = client(server);
    log.info({ bucket: 'retry', message: 'doomed' });
    const flushed = log.flush();
    await advanceUntil(() => server.requests.length === 4, 10_000);
    await flushed;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(4);
    expect(log.stats()).toEqual({ queued: 0, sent: 0, dropped: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropped 1 log(s): HTTP 500'), '');

    log.info({ bucket: 'retry', message: 'next' });
    await log.flush();
    expect(messages(server, 4)).toEqual(['next']);
  });

  it('waits as long as a 429 Retry-After asks when that is longer than the backoff', async () => {
    const server = await serve({ status: 429, headers: { 'retry-after': '3' } }, { status: 408 });
    const log = client(server);
    log.info({ bucket: 'retry', message: 'throttled' });
    const flushed = log.flush();
    await advanceUntil(() => server.requests.length === 3, 10_000);
    await flushed;
    const [afterRetryAfter, afterBackoff] = gaps(server);
    expect(afterRetryAfter).toBeGreaterThanOrEqual(3000);
    expect(afterRetryAfter).toBeLessThan(3800);
    expect(afterBackoff).toBeGreaterThanOrEqual(2000);
    expect(afterBackoff).toBeLessThan(2800);
  });

  it('retries when the connection is closed without an answer', async () => {
    const server = await serve({ destroy: true });
    const log = client(server);
    log.info({ bucket: 'retry', message: 'reset' });
    const flushed = log.flush();
    await advanceUntil(() => server.requests.length === 2, 5000);
    await flushed;
    expect(server.requests.map((request) => request.body.logs[0].eventId)).toEqual([
      server.requests[0].body.logs[0].eventId,
      server.requests[0].body.logs[0].eventId,
    ]);
    expect(log.stats().sent).toBe(1);
  });

  it('gives up on a request after 30 s and retries it', async () => {
    const server = await serve({ hang: true });
    const log = client(server);
    log.info({ bucket: 'retry', message: 'slow server' });
    const flushed = log.flush();
    // The 30 s run from when the request left: let it arrive before the clock moves.
    await server.waitForRequests(1);
    await advanceUntil(() => server.requests.length === 2, 40_000, 250);
    await flushed;
    expect(gaps(server)[0]).toBeGreaterThanOrEqual(31_000);
    expect(gaps(server)[0]).toBeLessThan(32_500);
    expect(log.stats().sent).toBe(1);
  });

  it('splits a batch the server finds too large (413) in half until it fits, keeping order', async () => {
    recorder = await startRecorder((request) =>
      request.body.logs.length > 2 ? { status: 413, body: '{"message":"too large"}' } : { status: 200 },
    );
    const log = client(recorder, { batchSize: 100 });
    for (let i = 0; i < 7; i++) log.info({ bucket: 'split', message: String(i) });
    await log.flush();
    expect(recorder.requests.map((request) => request.body.logs.length)).toEqual([7, 4, 2, 2, 3, 2, 1]);
    const accepted = recorder.requests.filter((request) => request.body.logs.length <= 2);
    expect(accepted.flatMap((request) => request.body.logs.map((entry) => entry.message))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(log.stats()).toEqual({ queued: 0, sent: 7, dropped: 0 });
  });

  it('drops a batch on another 4xx at once, warning with the server message in development', async () => {
    process.env.NODE_ENV = 'development';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await serve({ status: 400, body: '{"message":"logs[0].level is invalid"}' });
    const log = client(server);
    log.info({ bucket: 'bad', message: 'rejected' });
    await log.flush();
    log.info({ bucket: 'good', message: 'accepted' });
    await log.flush();
    expect(server.requests).toHaveLength(2);
    expect(messages(server, 1)).toEqual(['accepted']);
    expect(log.stats()).toEqual({ queued: 0, sent: 1, dropped: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('HTTP 400 {"message":"logs[0].level is invalid"}'), '');
  });

  it('holds later logs back while a batch is being retried, so order is kept', async () => {
    const server = await serve({ status: 503 });
    const log = client(server, { batchSize: 1 });
    log.info({ bucket: 'order', message: 'first' });
    await advanceUntil(() => server.requests.length === 1, 1000);
    log.info({ bucket: 'order', message: 'second' });
    log.info({ bucket: 'order', message: 'third' });
    await advanceUntil(() => server.requests.length === 3, 5000);
    await log.flush();
    expect(server.requests.map((request) => request.body.logs.map((entry) => entry.message))).toEqual([
      ['first'],
      ['first'],
      ['second', 'third'],
    ]);
  });
});
