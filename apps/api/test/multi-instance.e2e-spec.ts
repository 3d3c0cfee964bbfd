import type { BucketCreatedEvent, ProjectCreatedEvent, TagDiscoveredEvent } from '@logdesk/contracts';
import { io, type Socket } from 'socket.io-client';
import { getJson, postLogs, waitFor } from './support/http';
import { startLogdesk, tempDataDir, type LogdeskProcess } from './support/logdesk-process';
import { createTestSchema } from './support/postgres';

// Run by the api-postgres project only (apps/api/jest.config.ts ignores this file): two instances
// on two ports, each with its own data directory and intake journal, sharing one PostgreSQL schema.

const entry = (overrides: Record<string, unknown> = {}) => ({ bucket: 'api', level: 'info', message: 'hello', ...overrides });

async function allLogs(url: string, projectId: string): Promise<any[]> {
  const logs: any[] = [];
  let beforeId = '';
  for (;;) {
    const page = await getJson(`${url}/api/logs?projectId=${encodeURIComponent(projectId)}&limit=1000${beforeId}`);
    logs.push(...page.body.logs);
    if (!page.body.hasMore) return logs;
    beforeId = `&beforeId=${page.body.logs[page.body.logs.length - 1].id}`;
  }
}

async function send(url: string, projectId: string, logs: unknown[]): Promise<void> {
  const sent = await postLogs(url, { projectId, logs });
  if (sent.status !== 200) throw new Error(`POST /logs answered ${sent.status}: ${JSON.stringify(sent.body)}`);
}

/** Every catalogue event one socket receives. */
function watch(url: string) {
  const socket: Socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  const seen = { projects: [] as string[], buckets: [] as string[], tags: [] as string[] };
  socket.on('project:created', (event: ProjectCreatedEvent) => seen.projects.push(event.project.id));
  socket.on('bucket:created', (event: BucketCreatedEvent) => seen.buckets.push(event.bucket.id));
  socket.on('tag:discovered', (event: TagDiscoveredEvent) => seen.tags.push(`${event.projectId}/${event.key}=${event.value}`));
  const connected = new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  return { socket, seen, connected };
}

const noFailures = (server: LogdeskProcess) => expect(server.output()).not.toMatch(/failed|ERROR/);

describe('several instances on one PostgreSQL database', () => {
  let databaseUrl: string;
  let a: LogdeskProcess;
  let b: LogdeskProcess;

  beforeAll(async () => {
    databaseUrl = await createTestSchema();
    // Started together on an empty schema: the migration runs once, under its advisory lock.
    [a, b] = await Promise.all([
      startLogdesk({ env: { DATABASE_URL: databaseUrl } }),
      startLogdesk({ env: { DATABASE_URL: databaseUrl } }),
    ]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('runs two instances on two ports, both on postgres', async () => {
    expect(a.port).not.toBe(b.port);
    for (const server of [a, b]) expect((await getJson(`${server.url}/health`)).body.storage).toBe('postgres');
  });

  it('shows a project first seen on A in the projects of B, with its logs', async () => {
    await send(a.url, 'seen-on-a', [entry({ message: 'from a', tags: { env: 'prod' } })]);
    const projects = await waitFor(async () => {
      const listed = (await getJson(`${b.url}/api/projects`)).body as { id: string }[];
      return listed.some((project) => project.id === 'seen-on-a') ? listed : null;
    }, 'the project on B');
    expect(projects!.filter((project) => project.id === 'seen-on-a')).toHaveLength(1);
    expect((await allLogs(b.url, 'seen-on-a')).map((log) => log.message)).toEqual(['from a']);
    expect((await getJson(`${b.url}/api/projects/seen-on-a/tags`)).body).toEqual([{ key: 'env', values: [{ value: 'prod', count: 1 }] }]);
  });

  it('stores an eventId posted to both instances once, whether at once or one after the other', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `event-${i}`);
    const batch = (from: string, order: string[]) => order.map((eventId) => entry({ eventId, message: `${eventId} via ${from}` }));
    // Opposite orders at the same moment: the instances wait on the same unique-index entries.
    await Promise.all([send(a.url, 'dedupe', batch('a', ids)), send(b.url, 'dedupe', batch('b', [...ids].reverse()))]);
    await send(b.url, 'dedupe', batch('b-later', ids.slice(0, 10)));
    await send(a.url, 'dedupe', batch('a-later', ids.slice(0, 10)));
    await send(a.url, 'dedupe', [entry({ eventId: 'event-last', message: 'marker' })]);
    await waitFor(async () => (await allLogs(b.url, 'dedupe')).some((log) => log.message === 'marker'), 'the marker');
    for (const server of [a, b]) await waitFor(async () => (await getJson(`${server.url}/health`)).body.queue.pending === 0, 'an empty queue');
    const stored = await allLogs(a.url, 'dedupe');
    expect(stored).toHaveLength(ids.length + 1);
    expect(new Set(stored.map((log) => log.eventId)).size).toBe(ids.length + 1);
    // The first copy wins: none of the later resends replaced anything.
    expect(stored.filter((log) => /later/.test(log.message))).toEqual([]);
    expect((await getJson(`${b.url}/api/logs/stats?projectId=dedupe`)).body.total).toBe(ids.length + 1);
    noFailures(a);
    noFailures(b);
  });

  it('creates a project seen by both instances at the same moment once, and fails no batch', async () => {
    const watchers = [watch(a.url), watch(b.url)];
    await Promise.all(watchers.map((watcher) => watcher.connected));
    const projects = Array.from({ length: 8 }, (_, i) => `race-${i}`);
    try {
      for (const projectId of projects) {
        // 60 logs a request: each writer wakes at once (50 waiting), so both insert the project together.
        const logs = (from: string) =>
          Array.from({ length: 60 }, (_, i) => entry({ bucket: `b${i % 3}`, message: `${from} ${i}`, tags: { shard: `s${i % 2}` } }));
        await Promise.all([send(a.url, projectId, logs('a')), send(b.url, projectId, logs('b'))]);
      }
      for (const projectId of projects) {
        await waitFor(async () => (await allLogs(a.url, projectId)).length === 120, `120 logs in ${projectId}`);
      }
      const listed = ((await getJson(`${b.url}/api/projects`)).body as { id: string }[]).filter((p) => p.id.startsWith('race-'));
      expect(listed.map((project) => project.id).sort()).toEqual(projects);
      for (const projectId of projects) {
        const filters = (await getJson(`${a.url}/api/projects/${projectId}/filters`)).body;
        expect(filters).toEqual([expect.objectContaining({ name: 'All Logs', isDefault: true })]);
        const buckets = (await getJson(`${b.url}/api/projects/${projectId}/buckets`)).body;
        expect(buckets.map((bucket: { name: string }) => bucket.name)).toEqual(['b0', 'b1', 'b2']);
        const tags = (await getJson(`${a.url}/api/projects/${projectId}/tags`)).body;
        expect(tags).toEqual([{ key: 'shard', values: [{ value: 's0', count: 60 }, { value: 's1', count: 60 }] }]);
      }
      // Only the instance whose insert created a project, bucket or tag value announces it.
      const expectedBuckets = projects.flatMap((projectId) => ['b0', 'b1', 'b2'].map((name) => `${projectId}:${name}`));
      const expectedTags = projects.flatMap((projectId) => [`${projectId}/shard=s0`, `${projectId}/shard=s1`]);
      const union = () => ({
        projects: watchers.flatMap((watcher) => watcher.seen.projects).filter((id) => id.startsWith('race-')),
        buckets: watchers.flatMap((watcher) => watcher.seen.buckets).filter((id) => id.startsWith('race-')),
        tags: watchers.flatMap((watcher) => watcher.seen.tags).filter((id) => id.startsWith('race-')),
      });
      await waitFor(() => union().buckets.length >= expectedBuckets.length && union().tags.length >= expectedTags.length, 'the catalogue events');
      await new Promise((done) => setTimeout(done, 300));
      expect(union().projects.sort()).toEqual(projects);
      expect(union().buckets.sort()).toEqual(expectedBuckets.sort());
      expect(union().tags.sort()).toEqual(expectedTags.sort());
    } finally {
      for (const watcher of watchers) watcher.socket.close();
    }
    noFailures(a);
    noFailures(b);
  });

  it('loses nothing when A is killed right after its 200: A replays its own journal on restart', async () => {
    const total = 2_000;
    const requests = Array.from({ length: total / 20 }, (_, r) => r);
    const worker = async (): Promise<void> => {
      for (let r = requests.shift(); r !== undefined; r = requests.shift()) {
        await send(a.url, 'crash', Array.from({ length: 20 }, (_, i) => entry({ message: `log-${r * 20 + i}`, tags: { request: String(r) } })));
      }
    };
    // B keeps writing to the same tables meanwhile.
    const busy = send(b.url, 'crash', Array.from({ length: 100 }, (_, i) => entry({ bucket: 'from-b', message: `b-${i}` })));
    await Promise.all([worker(), worker(), worker(), worker()]);
    await a.stop('SIGKILL');
    await busy;

    a = await startLogdesk({ dataDir: a.dataDir, env: { DATABASE_URL: databaseUrl } });
    const logs = (await waitFor(async () => {
      const stored = await allLogs(b.url, 'crash');
      return stored.length >= total + 100 ? stored : null;
    }, 'every log after the restart', 20_000))!;
    const messages = logs.filter((log) => log.bucket === 'api').map((log) => log.message);
    expect(messages).toHaveLength(total);
    expect(new Set(messages).size).toBe(total);
    expect(logs.filter((log) => log.bucket === 'from-b')).toHaveLength(100);
    expect((await getJson(`${a.url}/health`)).body.queue.pending).toBe(0);
    // Ids from the one sequence: unique across both instances.
    expect(new Set(logs.map((log) => log.id)).size).toBe(logs.length);
    noFailures(b);
  });

  it('keeps each instance its own journal checkpoint', async () => {
    const other = await startLogdesk({ dataDir: tempDataDir(), env: { DATABASE_URL: databaseUrl } });
    try {
      // A third instance with an empty journal replays nothing of A's or B's.
      expect(other.output()).not.toMatch(/Replaying/);
      expect((await getJson(`${other.url}/health`)).body.queue.pending).toBe(0);
      expect(await allLogs(other.url, 'crash')).toHaveLength(2_100);
    } finally {
      await other.stop();
    }
  });
});
