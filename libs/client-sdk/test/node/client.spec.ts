import { createServiceClient, type ServiceClient, type ServiceClientConfig } from '../../src';
import { startRecorder, type Recorder } from '../support/recorder';
import { pause, waitFor } from '../support/wait';

const { version } = require('../../package.json') as { version: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let recorder: Recorder;
const clients: ServiceClient[] = [];

function client(config: Partial<ServiceClientConfig> = {}): ServiceClient {
  const made = createServiceClient({
    projectId: 'sdk-node',
    apiKey: 'key-1',
    mode: 'local',
    endpoint: recorder.url,
    ...config,
  });
  clients.push(made);
  return made;
}

beforeEach(async () => {
  recorder = await startRecorder();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((made) => made.destroy()));
  await recorder.close();
  jest.restoreAllMocks();
});

describe('createServiceClient over HTTP (Node)', () => {
  it('sends a gzip batch when batchSize logs are queued, with the contract headers', async () => {
    const logdesk = client({ batchSize: 3, flushInterval: 60_000 });
    ['one', 'two', 'three'].forEach((message) => logdesk.info({ bucket: 'app', message }));

    const [request] = await recorder.waitForRequests(1);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/logs');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['content-encoding']).toBe('gzip');
    expect(request.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(request.headers['x-service-sdk-version']).toBe(version);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body.projectId).toBe('sdk-node');
    expect(request.body.logs.map((log) => log.message)).toEqual(['one', 'two', 'three']);
  });

  it('sends plain JSON when isDebug is set, and the API key only in cloud mode', async () => {
    const debug = client({ isDebug: true, mode: 'cloud' });
    debug.warn({ bucket: 'app', message: 'plain' });
    await debug.flush();

    const [request] = recorder.requests;
    expect(request.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(request.raw.toString('utf8')).logs[0].message).toBe('plain');
    expect(request.headers.authorization).toBe('Bearer key-1');
  });

  it('enriches every log and merges tags, per-log tags winning', async () => {
    const logdesk = createServiceClient<{ region: string; plan: string; route: string }>({
      projectId: 'sdk-node',
      apiKey: 'local',
      mode: 'local',
      endpoint: recorder.url,
      env: 'test',
      appName: 'shop',
      appVersion: '2.1.0',
      defaultTags: { region: 'eu', plan: 'free' },
    });
    clients.push(logdesk as ServiceClient);
    logdesk.setUser({ id: 'user-1', email: 'a@example.com', name: 'Ada' });
    logdesk.setSessionId('session-1');
    const before = Date.now();
    logdesk.debug({ bucket: 'levels', message: 'debug' });
    logdesk.info({ bucket: 'levels', message: 'info', tags: { plan: 'pro', route: '/cart' } });
    logdesk.warn({ bucket: 'levels', message: 'warn', traceId: 'trace-9' });
    logdesk.error({ bucket: 'levels', message: 'error', context: { orderId: 7 } });
    logdesk.fatal({ bucket: 'levels', message: 'fatal' });
    logdesk.log({ bucket: 'levels', message: 'log' });
    logdesk.setUser(null);
    logdesk.setSessionId(null);
    logdesk.info({ bucket: 'levels', message: 'anonymous' });
    await logdesk.flush();

    const logs = recorder.logs();
    expect(logs.map((log) => [log.level, log.message])).toEqual([
      ['debug', 'debug'],
      ['info', 'info'],
      ['warn', 'warn'],
      ['error', 'error'],
      ['fatal', 'fatal'],
      ['info', 'log'],
      ['info', 'anonymous'],
    ]);
    for (const log of logs.slice(0, 6)) {
      expect(log).toMatchObject({ userId: 'user-1', sessionId: 'session-1', env: 'test', appName: 'shop' });
      expect(log.appVersion).toBe('2.1.0');
      expect(log.eventId).toMatch(UUID);
      expect(log.timestamp).toBeGreaterThanOrEqual(before);
      expect(log.timestamp).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(logs.map((log) => log.eventId)).size).toBe(logs.length);
    expect(logs[0].tags).toEqual({ region: 'eu', plan: 'free' });
    expect(logs[1].tags).toEqual({ region: 'eu', plan: 'pro', route: '/cart' });
    expect(logs[2].traceId).toBe('trace-9');
    expect(logs[3].context).toEqual({ orderId: 7 });
    expect(logs[6].userId).toBeUndefined();
    expect(logs[6].sessionId).toBeUndefined();
    expect(JSON.stringify(logs)).not.toContain('a@example.com');
  });

  it('sends on the flushInterval timer when the batch is not full', async () => {
    const logdesk = client({ batchSize: 100, flushInterval: 300 });
    const start = performance.now();
    logdesk.info({ bucket: 'app', message: 'waits for the timer' });
    await pause(100);
    expect(recorder.requests).toHaveLength(0);
    await recorder.waitForRequests(1);
    expect(performance.now() - start).toBeGreaterThanOrEqual(280);
  });

  it('flush() resolves once everything queued before it has been answered', async () => {
    const logdesk = client({ batchSize: 1000 });
    for (let i = 0; i < 25; i++) logdesk.info({ bucket: 'app', message: `m${i}` });
    expect(logdesk.stats().queued).toBe(25);
    await logdesk.flush();
    expect(recorder.requests).toHaveLength(1);
    expect(recorder.logs()).toHaveLength(25);
    expect(logdesk.stats()).toEqual({ queued: 0, sent: 25, dropped: 0 });
  });

  it('keeps one batch in flight at a time and the logs in order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    await recorder.close();
    recorder = await startRecorder(async () => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await pause(30);
      inFlight--;
      return { status: 200 };
    });
    const logdesk = client({ batchSize: 2 });
    // Logs keep coming while batches are on the wire, so sends queue up behind each other.
    for (let i = 0; i < 20; i++) {
      logdesk.info({ bucket: 'app', message: String(i) });
      await pause(5);
    }
    await waitFor(() => recorder.logs().length === 20, '20 logs');
    expect(recorder.requests.length).toBeGreaterThan(2);
    expect(maxInFlight).toBe(1);
    expect(recorder.logs().map((log) => Number(log.message))).toEqual([...Array(20).keys()]);
  });

  it('lets beforeSend change or drop a log; a hook that throws drops only that log', async () => {
    const logdesk = client({
      beforeSend: (log) => {
        if (log.message === 'secret') return null;
        if (log.message === 'explode') throw new Error('hook bug');
        return { ...log, message: log.message.toUpperCase(), tags: { ...log.tags, scrubbed: 'yes' } };
      },
    });
    ['keep', 'secret', 'explode', 'also'].forEach((message) => logdesk.info({ bucket: 'app', message }));
    await logdesk.flush();
    expect(recorder.logs().map((log) => [log.message, log.tags])).toEqual([
      ['KEEP', { scrubbed: 'yes' }],
      ['ALSO', { scrubbed: 'yes' }],
    ]);
    expect(logdesk.stats().dropped).toBe(1);
  });

  it('caps the queue at maxQueueSize, dropping the oldest logs and counting them', async () => {
    const logdesk = client({ maxQueueSize: 5, batchSize: 100 });
    for (let i = 0; i < 8; i++) logdesk.info({ bucket: 'app', message: String(i) });
    expect(logdesk.stats()).toEqual({ queued: 5, sent: 0, dropped: 3 });
    await logdesk.flush();
    expect(recorder.logs().map((log) => log.message)).toEqual(['3', '4', '5', '6', '7']);
  });

  it('makes contexts serialisable, and one that cannot be costs no other log', async () => {
    const logdesk = client();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const hostile = {
      get value(): never {
        throw new Error('nope');
      },
    };
    logdesk.info({
      bucket: 'ctx',
      message: 'cyclic',
      context: { cyclic, big: 10n, fn: () => 1, err: new RangeError('r') },
    });
    logdesk.info({ bucket: 'ctx', message: 'hostile', context: hostile });
    logdesk.info({ bucket: 'ctx', message: 'plain', context: { ok: true } });
    await logdesk.flush();

    const [cyclicLog, hostileLog, plainLog] = recorder.logs();
    expect(cyclicLog.context).toMatchObject({
      cyclic: { name: 'loop', self: '[Circular]' },
      big: '10',
      fn: '[Function fn]',
      err: { name: 'RangeError', message: 'r' },
    });
    expect(hostileLog.context).toEqual({ serializationError: 'Error: nope' });
    expect(plainLog.context).toEqual({ ok: true });
  });

  it('snapshots the context at the call', async () => {
    const logdesk = client();
    const cart = { items: 1 };
    logdesk.info({ bucket: 'ctx', message: 'snapshot', context: { cart } });
    cart.items = 99;
    await logdesk.flush();
    expect(recorder.logs()[0].context).toEqual({ cart: { items: 1 } });
  });

  it('never throws into the caller, whatever it is given', async () => {
    const logdesk = client();
    const explosive = {
      toString(): string {
        throw new Error('toString');
      },
    };
    expect(() => {
      logdesk.info(undefined as never);
      logdesk.info(null as never);
      logdesk.error({ bucket: 42, message: { not: 'a string' } } as never);
      logdesk.setUser(undefined as never);
      logdesk.setUser({ id: explosive } as never);
      logdesk.setSessionId(explosive as never);
      logdesk.attachGlobalErrorHandlers();
      logdesk.attachGlobalErrorHandlers();
      logdesk.detachGlobalErrorHandlers();
      logdesk.detachGlobalErrorHandlers();
    }).not.toThrow();
    await expect(logdesk.flush()).resolves.toBeUndefined();
    expect(recorder.logs().map((log) => [log.bucket, log.message])).toEqual([['42', '[object Object]']]);
    expect(logdesk.stats().dropped).toBe(2);
  });

  it('uses a custom fetch when given one', async () => {
    const seen: string[] = [];
    const logdesk = client({
      fetch: (url, init) => {
        seen.push(`${init.method} ${url}`);
        return fetch(url, init);
      },
    });
    logdesk.info({ bucket: 'app', message: 'via custom fetch' });
    await logdesk.flush();
    expect(seen).toEqual([`POST ${recorder.url}/logs`]);
    expect(recorder.logs()[0].message).toBe('via custom fetch');
  });

  it('destroy() flushes, ignores later logs and can be called twice', async () => {
    const logdesk = client({ batchSize: 100 });
    logdesk.info({ bucket: 'app', message: 'last words' });
    const first = logdesk.destroy();
    expect(logdesk.destroy()).toBe(first);
    await first;
    logdesk.info({ bucket: 'app', message: 'after destroy' });
    await logdesk.flush();
    expect(recorder.logs().map((log) => log.message)).toEqual(['last words']);
  });
});

describe('an unusable configuration', () => {
  const original = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = original;
  });

  it('gives an inert client that warns in development only', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    process.env.NODE_ENV = 'development';
    const inert = createServiceClient({ projectId: 'p', apiKey: 'k', mode: 'cloud' });
    expect(warn).toHaveBeenCalledWith('[logdesk] client disabled:', 'cloud mode needs an endpoint');
    inert.info({ bucket: 'app', message: 'goes nowhere' });
    await expect(inert.flush()).resolves.toBeUndefined();
    await expect(inert.destroy()).resolves.toBeUndefined();
    expect(inert.stats()).toEqual({ queued: 0, sent: 0, dropped: 0 });

    warn.mockClear();
    process.env.NODE_ENV = 'production';
    createServiceClient({ projectId: '', apiKey: 'k', mode: 'local' });
    expect(warn).not.toHaveBeenCalled();
  });
});
