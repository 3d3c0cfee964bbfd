import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, postLogs, waitFor } from './support/http';

// SQLite only: another connection holds the database's write lock, so the writer thread stalls
// and then fails (busy_timeout is 5 s) while writes are pipelined behind it.
const BUSY_TIMEOUT_MS = 5_000;

const logs = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ bucket: 'stall', level: 'info', message: `stall-${String(from + i).padStart(4, '0')}` }));

describe('a stalled SQLite writer', () => {
  let server: LogdeskProcess;
  let lock: Database.Database;

  beforeAll(async () => {
    server = await startLogdesk({ env: { LOGDESK_QUEUE_LIMIT: '1000' } });
    lock = new Database(join(server.dataDir, 'logdesk.sqlite'));
  });

  afterAll(async () => {
    if (lock.inTransaction) lock.exec('ROLLBACK');
    lock.close();
    await server.stop();
  });

  it('refuses a full queue after a short wait, then stores every accepted log once, in order', async () => {
    lock.exec('BEGIN IMMEDIATE');
    const stalledAt = Date.now();
    // 1,000 logs fill the queue exactly: the first write blocks on the lock, the rest wait behind it.
    for (const [from, count] of [[0, 400], [400, 400], [800, 200]]) {
      expect((await postLogs(server.url, { projectId: 'stall', logs: logs(from, count) })).status).toBe(200);
      await new Promise((done) => setTimeout(done, 150)); // the 100 ms tick pipelines a second write
    }
    const health = await getJson(`${server.url}/health`);
    expect(health.body.queue.pending).toBe(1000);

    const refusedAt = Date.now();
    const refused = await postLogs(server.url, { projectId: 'stall', logs: logs(1000, 1) }, { headers: { origin: 'http://app.example' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // A page's SDK must be able to read the refusal and its Retry-After.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(refused.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(200); // it waited for room first

    // Hold the lock past busy_timeout: the first write fails and the one sent after it is refused.
    await new Promise((done) => setTimeout(done, BUSY_TIMEOUT_MS + 1_000 - (Date.now() - stalledAt)));
    lock.exec('ROLLBACK');
    await waitFor(() => /failed; retrying/.test(server.output()), 'the failed write to be reported');

    const stored = await waitFor(async () => {
      const page = await getJson(`${server.url}/api/logs?projectId=stall&limit=1000`);
      return page.body.logs.length === 1000 ? page.body.logs : null;
    }, 'the 1,000 accepted logs');
    // Newest first: ids descend while messages descend, so they were stored in the order accepted.
    const messages = stored.map((log: { message: string }) => log.message);
    expect(messages).toEqual(logs(0, 1000).map((log) => log.message).reverse());
    expect(new Set(stored.map((log: { id: number }) => log.id)).size).toBe(1000);

    expect((await postLogs(server.url, { projectId: 'stall', logs: logs(1000, 1) })).status).toBe(200);
  });
});
