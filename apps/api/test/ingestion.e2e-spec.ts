import { deflateSync, gzipSync } from 'node:zlib';
import { expectedStorage, startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, log, postLogs, postRaw, waitFor, waitForLogs } from './support/http';

describe('POST /logs', () => {
  let server: LogdeskProcess;

  beforeAll(async () => {
    server = await startLogdesk();
  });
  afterAll(() => server.stop());

  it('answers 200 { status: ok, processed: 0 } and stores every field of the record', async () => {
    const sent = await postLogs(server.url, {
      projectId: 'shop',
      logs: [
        log({
          level: 'WARN',
          message: 'cart is slow',
          timestamp: 1_700_000_000_123,
          tags: { region: 'eu', retries: 3, cached: false },
          context: { cart: { items: 2 } },
          traceId: 't-1',
          userId: 'u-1',
          sessionId: 's-1',
          env: 'prod',
          appName: 'web',
          appVersion: '1.2.3',
          eventId: 'evt-1',
          unknownField: 'ignored',
        }),
      ],
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'ok', processed: 0 });
    const { logs } = await waitForLogs(server.url, 'shop', 1);
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      projectId: 'shop',
      bucket: 'api',
      level: 'warn',
      message: 'cart is slow',
      timestamp: 1_700_000_000_123,
      tags: { region: 'eu', retries: '3', cached: 'false' },
      context: { cart: { items: 2 } },
      traceId: 't-1',
      userId: 'u-1',
      sessionId: 's-1',
      env: 'prod',
      appName: 'web',
      appVersion: '1.2.3',
      eventId: 'evt-1',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('fills absent optional fields with null, no tags with {}, and the timestamp with server time', async () => {
    const before = Date.now();
    await postLogs(server.url, { projectId: 'bare', logs: [log()] });
    const [stored] = (await waitForLogs(server.url, 'bare', 1)).logs as any[];
    expect(stored.tags).toEqual({});
    for (const field of ['context', 'traceId', 'userId', 'sessionId', 'env', 'appName', 'appVersion', 'eventId']) {
      expect(stored[field]).toBeNull();
    }
    expect(stored.timestamp).toBeGreaterThanOrEqual(before);
    expect(stored.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('accepts gzip and deflate bodies', async () => {
    const body = Buffer.from(JSON.stringify({ projectId: 'zip', logs: [log({ message: 'gzipped' })] }));
    const gzip = await fetch(`${server.url}/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    const deflate = await fetch(`${server.url}/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'deflate' },
      body: deflateSync(Buffer.from(JSON.stringify({ projectId: 'zip', logs: [log({ message: 'deflated' })] }))),
    });
    expect([gzip.status, deflate.status]).toEqual([200, 200]);
    const { logs } = await waitForLogs(server.url, 'zip', 2);
    expect((logs as any[]).map((l) => l.message).sort()).toEqual(['deflated', 'gzipped']);
  });

  it('creates the project in workspace "unsorted" with an "All Logs" filter, and its buckets', async () => {
    await postLogs(server.url, { projectId: 'fresh', logs: [log({ bucket: 'b2' }), log({ bucket: 'b1' })] });
    await waitForLogs(server.url, 'fresh', 2);
    const project = await getJson(`${server.url}/api/projects/fresh`);
    expect(project.body).toEqual({ id: 'fresh', name: 'fresh', workspaceId: 'unsorted', createdAt: expect.any(String) });
    const workspaces = await getJson(`${server.url}/api/workspaces`);
    expect(workspaces.body).toContainEqual({ id: 'unsorted', name: 'Unsorted', createdAt: expect.any(String) });
    const filters = await getJson(`${server.url}/api/projects/fresh/filters`);
    expect(filters.body[0]).toMatchObject({ projectId: 'fresh', name: 'All Logs', query: {}, isDefault: true });
    const buckets = await getJson(`${server.url}/api/projects/fresh/buckets`);
    expect(buckets.body.map((b: any) => b.id)).toEqual(['fresh:b1', 'fresh:b2']);
    expect(buckets.body[0]).toEqual({ id: 'fresh:b1', name: 'b1', projectId: 'fresh', createdAt: expect.any(String) });
  });

  it('answers 200 to an empty array and stores nothing', async () => {
    const sent = await postLogs(server.url, { projectId: 'empty', logs: [] });
    expect(sent.status).toBe(200);
    expect((await getJson(`${server.url}/api/projects/empty`)).status).toBe(404);
  });

  it('drops a log whose eventId was already accepted; the first copy wins', async () => {
    await postLogs(server.url, { projectId: 'dedupe', logs: [log({ eventId: 'e1', message: 'first' }), log({ eventId: 'e1', message: 'same request' })] });
    await waitForLogs(server.url, 'dedupe', 1);
    await postLogs(server.url, { projectId: 'dedupe', logs: [log({ eventId: 'e1', message: 'retry' }), log({ eventId: 'e2', message: 'second' })] });
    const { logs } = await waitForLogs(server.url, 'dedupe', 2);
    await new Promise((done) => setTimeout(done, 300));
    const after = await getJson(`${server.url}/api/logs?projectId=dedupe`);
    expect(after.body.logs.map((l: any) => l.message)).toEqual(['second', 'first']);
    expect(logs).toHaveLength(2);
  });

  it('keeps "__proto__" and "constructor" keys as plain data', async () => {
    const body = `{"projectId":"proto","logs":[{"bucket":"a","level":"info","message":"m","tags":{"__proto__":"x"},"context":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}]}`;
    const response = await fetch(`${server.url}/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(200);
    const [stored] = (await waitForLogs(server.url, 'proto', 1)).logs as any[];
    expect(({} as any).polluted).toBeUndefined();
    expect(stored.context.constructor.prototype.polluted).toBe(true);
    expect(Object.keys(stored.tags)).toEqual(['__proto__']);
  });

  describe('rejects bad requests with the contract error body', () => {
    it.each([
      [{ projectId: 'x', logs: [log({ level: 'verbose' })] }, 'logs[0].level'],
      [{ projectId: 'x', logs: [log(), log({ bucket: '' })] }, 'logs[1].bucket'],
      [{ projectId: 'x', logs: [log({ message: 42 })] }, 'logs[0].message'],
      [{ projectId: 'x', logs: [log({ timestamp: 'now' })] }, 'logs[0].timestamp'],
      [{ projectId: 'x', logs: [log({ tags: { a: { nested: 1 } } })] }, 'logs[0].tags.a'],
      [{ projectId: 'x', logs: [log({ context: [1, 2] })] }, 'logs[0].context'],
      [{ projectId: 'x', logs: [log({ context: 'text' })] }, 'logs[0].context'],
      [{ projectId: 'x', logs: [log({ traceId: 'x'.repeat(257) })] }, 'logs[0].traceId'],
      [{ projectId: 'x', logs: [log({ eventId: '' })] }, 'logs[0].eventId'],
      [{ projectId: '', logs: [] }, 'projectId'],
      [{ projectId: 'a\u0001b', logs: [] }, 'projectId'],
      [{ projectId: 'x'.repeat(129), logs: [] }, 'projectId'],
      [{ projectId: 'x' }, 'logs'],
    ])('400 for %j at %s', async (body, path) => {
      const sent = await postLogs(server.url, body);
      expect(sent.status).toBe(400);
      expect(sent.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      expect((sent.body.details as any[]).map((d) => d.path)).toContain(path);
    });

    it('400 for more than 64 tags, a too deep context, and a message over 256 KiB', async () => {
      const tags = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v']));
      let deep: Record<string, unknown> = {};
      const context = deep;
      for (let i = 0; i < 32; i++) deep = (deep.child = {}) as Record<string, unknown>;
      const sent = await postLogs(server.url, {
        projectId: 'x',
        logs: [log({ tags }), log({ context }), log({ message: 'x'.repeat(256 * 1024 + 1) })],
      });
      expect(sent.status).toBe(400);
      expect((sent.body.details as any[]).map((d) => d.path)).toEqual(['logs[0].tags', 'logs[1].context', 'logs[2].message']);
    });

    it('stores nothing of a request with one bad entry (all or nothing)', async () => {
      const sent = await postLogs(server.url, { projectId: 'atomic', logs: [log(), log(), log({ level: 'nope' })] });
      expect(sent.status).toBe(400);
      await postLogs(server.url, { projectId: 'atomic-probe', logs: [log()] });
      await waitForLogs(server.url, 'atomic-probe', 1);
      expect((await getJson(`${server.url}/api/logs?projectId=atomic`)).body.logs).toEqual([]);
    });

    it('400 for a body that is not JSON or not valid gzip', async () => {
      const notJson = await postRaw(server.url, '{nope', { 'content-type': 'application/json' });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      const notGzip = await postRaw(server.url, 'plain text', { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      expect(notGzip.status).toBe(400);
    });

    it('415 for another content type or content encoding', async () => {
      const text = await postRaw(server.url, '{}', { 'content-type': 'text/plain' });
      expect(text.status).toBe(415);
      expect(await text.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
      const brotli = await postRaw(server.url, '{}', { 'content-type': 'application/json', 'content-encoding': 'br' });
      expect(brotli.status).toBe(415);
    });

    it('413 past 5 MiB on the wire, 10,000 logs, or 50 MiB inflated (a gzip bomb)', async () => {
      const big = await postLogs(server.url, { projectId: 'big', logs: [log({ message: 'x'.repeat(6 * 1024 * 1024) })] });
      expect(big.status).toBe(413);
      const many = await postLogs(server.url, { projectId: 'big', logs: Array.from({ length: 10_001 }, () => ({ bucket: 'a', level: 'info', message: '' })) });
      expect(many.status).toBe(413);
      const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
      const started = Date.now();
      const bombed = await fetch(`${server.url}/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: bomb,
      });
      expect(bombed.status).toBe(413);
      expect(await bombed.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await getJson(`${server.url}/health`)).body.status).toBe('ok');
    });
  });

  it('answers 503 with Retry-After when the queue is full', async () => {
    const small = await startLogdesk({ env: { LOGDESK_QUEUE_LIMIT: '10' } });
    try {
      const full = await postLogs(small.url, { projectId: 'q', logs: Array.from({ length: 11 }, () => log()) });
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(full.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      const fits = await postLogs(small.url, { projectId: 'q', logs: Array.from({ length: 10 }, () => log()) });
      expect(fits.status).toBe(200);
      await waitForLogs(small.url, 'q', 10);
    } finally {
      await small.stop();
    }
  });

  it('reports the queue and storage on /health', async () => {
    const health = await waitFor(async () => {
      const response = await getJson(`${server.url}/health`);
      return response.body.queue.pending === 0 ? response : null;
    }, 'an empty queue');
    expect(health.body).toEqual({ status: 'ok', version: expect.any(String), storage: expectedStorage(), queue: { pending: 0 } });
  });
});
