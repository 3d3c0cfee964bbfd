import { createClient } from 'redis';
import { startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, waitFor as poll } from './support/http';
import { createTestSchema } from './support/postgres';
import { closeAllSockets, connect, entry, ingest, Received, subscribe, waitFor } from './support/live-support';

// Run by the api-postgres project only (apps/api/jest.config.ts ignores this file): two instances
// sharing PostgreSQL and Redis (REDIS_URL, 127.0.0.1:6379 unless LOGDESK_TEST_REDIS_URL says otherwise).
const REDIS_URL = process.env.LOGDESK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the live stream across instances through Redis', () => {
  let a: LogdeskProcess;
  let b: LogdeskProcess;

  beforeAll(async () => {
    // Unreachable Redis fails the run with a clear message (CI must not pass without it).
    const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 3_000 } });
    await probe.connect().catch((error: Error) => {
      throw new Error(`Redis is unreachable at ${REDIS_URL} (${error.message}): start it, see .ci/run`);
    });
    await probe.quit();
    const databaseUrl = await createTestSchema();
    const env = { DATABASE_URL: databaseUrl, REDIS_URL };
    [a, b] = await Promise.all([startLogdesk({ env }), startLogdesk({ env })]);
  });
  afterAll(async () => {
    closeAllSockets();
    await a?.stop();
    await b?.stop();
  });

  it('streams logs ingested on A to a subscriber of B, filtered on B, each fetchable from B', async () => {
    const onB = await connect(b.url);
    const received = new Received(onB);
    expect(await subscribe(onB, { projectId: 'relayed', level: 'error' })).toEqual({ ok: true });
    const catalogue: string[] = [];
    onB.on('project:created', (event) => catalogue.push(event.project.id));
    // Give the adapters a moment to finish subscribing to Redis before the first publish.
    await new Promise((done) => setTimeout(done, 500));
    await ingest(a.url, 'relayed', [entry('skip me'), entry('wanted 1', { level: 'error' }), entry('wanted 2', { level: 'ERROR' })]);
    await waitFor(() => received.logs().length >= 2, 'two error logs on B');
    expect(received.messages()).toEqual(['wanted 1', 'wanted 2']);
    for (const log of received.logs()) expect((await fetch(`${b.url}/api/logs/${log.id}`)).status).toBe(200);
    await waitFor(() => catalogue.includes('relayed'), 'project:created from A reaching a client of B');
    expect(catalogue.filter((id) => id === 'relayed')).toHaveLength(1);
  });

  it('streams to the firehose of both instances whichever one ingests', async () => {
    const onA = await connect(a.url);
    const onB = await connect(b.url);
    const [fromA, fromB] = [new Received(onA), new Received(onB)];
    await subscribe(onA, { projectId: '*' });
    await subscribe(onB, { projectId: '*' });
    await ingest(a.url, 'fire-a', [entry('from a')]);
    await ingest(b.url, 'fire-b', [entry('from b')]);
    for (const received of [fromA, fromB]) {
      await waitFor(() => received.logs().length >= 2, 'both logs on each instance');
      expect(received.messages().sort()).toEqual(['from a', 'from b']);
    }
  });

  it('replays from any instance: a client of B catching up with afterId gets what A stored, then live', async () => {
    await ingest(a.url, 'catch-up', [entry('before 1'), entry('before 2')]);
    const stored = await poll(async () => {
      const page = (await getJson(`${b.url}/api/logs?projectId=catch-up`)).body;
      return page.count === 2 ? page.logs : null;
    }, 'both logs readable on B');
    const oldest = Math.min(...stored.map((log: { id: number }) => log.id));
    const onB = await connect(b.url);
    const received = new Received(onB);
    expect(await subscribe(onB, { projectId: 'catch-up', afterId: oldest - 1 })).toEqual({ ok: true });
    await waitFor(() => received.logs().length >= 2, 'the replay on B');
    await ingest(a.url, 'catch-up', [entry('after')]);
    await waitFor(() => received.logs().length >= 3, 'the live log from A on B');
    expect(received.messages()).toEqual(['before 1', 'before 2', 'after']);
  });
});
