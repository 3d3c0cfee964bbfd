import { createServiceClient, type ServiceClient, type ServiceClientConfig } from '../../src';
import { freshProject, startLogdesk, storedLogs, waitForStored, type LogdeskProcess } from '../support/logdesk';
import { startRecorder, type Recorder } from '../support/recorder';
import { pause } from '../support/wait';

let logdesk: LogdeskProcess;
const clients: ServiceClient[] = [];
const proxies: Recorder[] = [];

beforeAll(async () => {
  logdesk = await startLogdesk();
});

afterAll(async () => {
  await logdesk?.stop();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

function client(projectId: string, config: Partial<ServiceClientConfig> = {}): ServiceClient {
  const made = createServiceClient({ projectId, apiKey: 'local', mode: 'local', endpoint: logdesk.url, ...config });
  clients.push(made);
  return made;
}

/** A recording proxy in front of the real server: shows what went over the wire. */
async function proxy(destroyFirst = false): Promise<Recorder> {
  const made = await startRecorder((_, index) => ({ forward: logdesk.url, thenDestroy: destroyFirst && index === 0 }));
  proxies.push(made);
  return made;
}

describe('the SDK against a real Logdesk (Node)', () => {
  it('stores every level with enrichment and merged tags, sent gzip-compressed', async () => {
    const projectId = freshProject('sdk-levels');
    const wire = await proxy();
    const sdk = client(projectId, {
      endpoint: wire.url,
      env: 'e2e',
      appName: 'shop',
      appVersion: '3.0.0',
      defaultTags: { region: 'eu', plan: 'free' },
    });
    sdk.setUser({ id: 'user-7' });
    sdk.setSessionId('session-7');
    const before = Date.now();
    sdk.debug({ bucket: 'levels', message: 'debug message' });
    sdk.info({ bucket: 'levels', message: 'info message', tags: { plan: 'pro' } });
    sdk.warn({ bucket: 'levels', message: 'warn message', traceId: 'trace-7' });
    sdk.error({ bucket: 'levels', message: 'error message', context: { orderId: 7, items: ['a'] } });
    sdk.fatal({ bucket: 'levels', message: 'fatal message' });
    sdk.log({ bucket: 'other', message: 'log message' });
    await sdk.flush();

    expect(wire.requests.every((request) => request.headers['content-encoding'] === 'gzip')).toBe(true);
    const stored = await waitForStored(logdesk.url, projectId, 6);
    expect(stored.map((log) => [log.level, log.message])).toEqual([
      ['debug', 'debug message'],
      ['info', 'info message'],
      ['warn', 'warn message'],
      ['error', 'error message'],
      ['fatal', 'fatal message'],
      ['info', 'log message'],
    ]);
    const sent = wire.logs();
    stored.forEach((log, i) => {
      expect(log).toMatchObject({ projectId, userId: 'user-7', sessionId: 'session-7', env: 'e2e', appName: 'shop' });
      expect(log.appVersion).toBe('3.0.0');
      expect(log.eventId).toBe(sent[i].eventId);
      expect(log.timestamp).toBe(sent[i].timestamp);
      expect(log.timestamp).toBeGreaterThanOrEqual(before);
    });
    expect(stored[0].tags).toEqual({ region: 'eu', plan: 'free' });
    expect(stored[1].tags).toEqual({ region: 'eu', plan: 'pro' });
    expect(stored[2].traceId).toBe('trace-7');
    expect(stored[3].context).toEqual({ orderId: 7, items: ['a'] });
    expect(stored[5].bucket).toBe('other');
  });

  it('stores plain JSON too (isDebug)', async () => {
    const projectId = freshProject('sdk-debug');
    const sdk = client(projectId, { isDebug: true });
    sdk.info({ bucket: 'debug', message: 'uncompressed' });
    await sdk.flush();
    const [log] = await waitForStored(logdesk.url, projectId, 1);
    expect(log.message).toBe('uncompressed');
  });

  it('stores a retried batch once: the eventId dedupes the second copy', async () => {
    const projectId = freshProject('sdk-dedupe');
    // The first request reaches the server, but its answer is cut off: the SDK sees a network error.
    const wire = await proxy(true);
    const sdk = client(projectId, { endpoint: wire.url });
    for (let i = 0; i < 5; i++) sdk.info({ bucket: 'dedupe', message: `copy ${i}` });
    await sdk.flush();

    expect(wire.requests).toHaveLength(2);
    expect(wire.requests[1].body).toEqual(wire.requests[0].body);
    await waitForStored(logdesk.url, projectId, 5);
    await pause(500); // time for a duplicate to be written, were there one
    const stored = await storedLogs(logdesk.url, projectId);
    expect(stored.map((log) => log.message)).toEqual(['copy 0', 'copy 1', 'copy 2', 'copy 3', 'copy 4']);
    expect(new Set(stored.map((log) => log.eventId)).size).toBe(5);
    expect(sdk.stats()).toEqual({ queued: 0, sent: 5, dropped: 0 });
  });

  it('brings out-of-bounds logs within the server limits, so a batch of them is accepted whole', async () => {
    const projectId = freshProject('sdk-bounds');
    const sdk = client(projectId);
    const cyclic: Record<string, unknown> = { name: 'cycle' };
    cyclic.self = cyclic;
    const deep: Record<string, unknown> = {};
    let node = deep;
    for (let level = 0; level < 40; level++) node = node.next = {};
    const manyTags = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`t${i}`, String(i)]));
    sdk.info({ bucket: 'b'.repeat(200), message: 'long bucket' });
    sdk.info({ bucket: 'bounds', message: 'x'.repeat(300 * 1024) });
    sdk.info({
      bucket: 'bounds',
      message: 'odd context',
      context: { cyclic, big: 1n, fn: () => 1, err: new Error('e') },
    });
    sdk.info({ bucket: 'bounds', message: 'deep context', context: deep });
    sdk.info({ bucket: 'bounds', message: 'many tags', tags: manyTags, traceId: 't'.repeat(300) });
    sdk.info({ bucket: 'bounds', message: 'array context', context: [1, 2] as never });
    await sdk.flush();

    expect(sdk.stats()).toEqual({ queued: 0, sent: 6, dropped: 0 });
    const stored = await waitForStored(logdesk.url, projectId, 6);
    expect(stored[0].bucket).toHaveLength(128);
    expect(stored[1].message.length).toBeLessThanOrEqual(256 * 1024);
    expect(stored[2].context).toMatchObject({ cyclic: { self: '[Circular]' }, big: '1', err: { message: 'e' } });
    expect(JSON.stringify(stored[3].context)).toContain('[Truncated]');
    expect(Object.keys(stored[4].tags)).toHaveLength(64);
    expect(stored[4].traceId).toHaveLength(256);
    expect(stored[5].context).toEqual({ value: [1, 2] });
  });
});
