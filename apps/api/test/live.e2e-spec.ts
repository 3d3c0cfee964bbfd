import type { BucketCreatedEvent, ProjectCreatedEvent, SubscribeRequest, TagDiscoveredEvent } from '@logdesk/contracts';
import {
  Received,
  connect,
  entry,
  ingest,
  strictlyIncreasing,
  subscribe,
  unsubscribe,
  waitFor,
  type LiveClientSocket,
  useLiveServer,
} from './support/live-support';

/**
 * Live stream (contract section 6) against the real built server: real HTTP ingestion, real
 * socket.io-client. A "sentinel" log in another project, ingested last, proves a negative: events
 * of one socket arrive in the order they were emitted, so once the sentinel is in, any log of an
 * earlier flush that was going to arrive has arrived.
 */
describe('live stream', () => {
  const server = useLiveServer();

  /** One socket per filter (a socket holds one subscription per project), each also on the sentinel project. */
  async function subscribers(projectId: string, filters: Record<string, Omit<SubscribeRequest, 'projectId'>>) {
    const sentinel = `${projectId}-sentinel`;
    const result: Record<string, { socket: LiveClientSocket; received: Received }> = {};
    for (const [name, filter] of Object.entries(filters)) {
      const socket = await connect(server.url);
      const received = new Received(socket);
      expect(await subscribe(socket, { projectId, ...filter })).toEqual({ ok: true });
      expect(await subscribe(socket, { projectId: sentinel })).toEqual({ ok: true });
      result[name] = { socket, received };
    }
    const settle = async (): Promise<void> => {
      await ingest(server.url, sentinel, [entry('sentinel')]);
      await waitFor(
        () => Object.values(result).every(({ received }) => received.messages(sentinel).length > 0),
        'the sentinel on every socket',
      );
    };
    return { sockets: result, settle };
  }

  it('delivers to each subscription only the logs its filter matches, for every filter kind', async () => {
    const { sockets, settle } = await subscribers('filters', {
      all: {},
      error: { level: 'error' },
      warnOrError: { level: ['warn', 'ERROR'] },
      fatal: { level: 'fatal' },
      api: { bucket: 'api' },
      apiOrJobs: { bucket: 'api,jobs' },
      nowhere: { bucket: 'nowhere' },
      tagsJson: { tags: '{"env":"prod","region":["eu","us"]}' },
      tagsObject: { tags: { env: 'prod', region: 'us' } },
      tagsPairs: { tags: 'env:prod,region:eu' },
      tagsNone: { tags: 'env:staging' },
      search: { search: 'TIMEOUT' },
      searchShort: { search: 'db' },
      searchNone: { search: 'no such text' },
      combined: { level: 'error', bucket: 'api', tags: 'env:prod', search: 'timeout' },
    });
    await ingest(server.url, 'filters', [
      entry('m1 request timeout', { level: 'error', bucket: 'api', tags: { env: 'prod', region: 'eu' } }),
      entry('m2 slow DB query', { level: 'warn', bucket: 'jobs', tags: { env: 'prod', region: 'us' } }),
      entry('m3 all good', { level: 'info', bucket: 'api', tags: { env: 'dev', region: 'eu' } }),
      entry('m4 Timeout again', { level: 'error', bucket: 'web', tags: { env: 'prod', region: 'ap' } }),
      entry('m5 debug noise', { level: 'debug', bucket: 'jobs' }),
    ]);
    await settle();

    const got = (name: string): string[] =>
      sockets[name].received.messages('filters').map((message) => message.slice(0, 2));
    expect(got('all')).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(got('error')).toEqual(['m1', 'm4']);
    expect(got('warnOrError')).toEqual(['m1', 'm2', 'm4']);
    expect(got('fatal')).toEqual([]);
    expect(got('api')).toEqual(['m1', 'm3']);
    expect(got('apiOrJobs')).toEqual(['m1', 'm2', 'm3', 'm5']);
    expect(got('nowhere')).toEqual([]);
    expect(got('tagsJson')).toEqual(['m1', 'm2']);
    expect(got('tagsObject')).toEqual(['m2']);
    expect(got('tagsPairs')).toEqual(['m1']);
    expect(got('tagsNone')).toEqual([]);
    expect(got('search')).toEqual(['m1', 'm4']);
    expect(got('searchShort')).toEqual(['m2']);
    expect(got('searchNone')).toEqual([]);
    expect(got('combined')).toEqual(['m1']);
    // One POST is one writer flush: one event per subscriber that matched anything, none otherwise.
    expect(sockets.all.received.events.filter((event) => event.projectId === 'filters')).toHaveLength(1);
    expect(sockets.fatal.received.events.filter((event) => event.projectId === 'filters')).toHaveLength(0);
  });

  it('answers a bad filter with ok:false and the parser message', async () => {
    const socket = await connect(server.url);
    const level = await subscribe(socket, { projectId: 'p', level: 'loud' });
    expect(level).toEqual({ ok: false, error: expect.stringContaining('unknown level "loud"') });
    const pairs = await subscribe(socket, { projectId: 'p', tags: 'env' });
    expect(pairs).toEqual({ ok: false, error: expect.stringContaining('"env" is not a key:value pair') });
    const json = await subscribe(socket, { projectId: 'p', tags: '{"env":' });
    expect(json).toEqual({ ok: false, error: expect.stringContaining('tags is not valid JSON') });
    const afterId = await subscribe(socket, { projectId: 'p', afterId: 'x' as unknown as number });
    expect(afterId).toEqual({ ok: false, error: expect.stringContaining('afterId must be a number') });
    const missing = await subscribe(socket, {} as SubscribeRequest);
    expect(missing).toEqual({ ok: false, error: expect.stringContaining('projectId is required') });
  });

  it('streams the firehose "*" across projects, one event per project per flush, in id order', async () => {
    const socket = await connect(server.url);
    const received = new Received(socket);
    expect(await subscribe(socket, { projectId: '*' })).toEqual({ ok: true });
    const errors = await connect(server.url);
    const receivedErrors = new Received(errors);
    expect(await subscribe(errors, { projectId: '*', level: 'error' })).toEqual({ ok: true });

    await ingest(server.url, 'fire-a', [entry('a1'), entry('a2', { level: 'error' })]);
    await ingest(server.url, 'fire-b', [entry('b1', { level: 'error' }), entry('b2')]);
    await waitFor(
      () => received.logs().filter((log) => log.projectId.startsWith('fire-')).length === 4,
      'four firehose logs',
    );
    await waitFor(
      () => receivedErrors.logs().filter((log) => log.projectId.startsWith('fire-')).length === 2,
      'two error logs',
    );

    const events = received.events.filter((event) => event.projectId.startsWith('fire-'));
    expect(events.map((event) => event.projectId)).toEqual(['fire-a', 'fire-b']);
    for (const event of events) expect(event.logs.every((log) => log.projectId === event.projectId)).toBe(true);
    expect(events.flatMap((event) => event.logs.map((log) => log.message))).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(strictlyIncreasing(received.ids())).toBe(true);
    expect(receivedErrors.messages().filter((message) => /^[ab]\d$/.test(message))).toEqual(['a2', 'b1']);
  });

  it('sends one event per flush, without duplicates, to a socket on both a project and the firehose', async () => {
    const socket = await connect(server.url);
    const received = new Received(socket);
    expect(await subscribe(socket, { projectId: 'both' })).toEqual({ ok: true });
    expect(await subscribe(socket, { projectId: '*', level: 'error' })).toEqual({ ok: true });
    await ingest(server.url, 'both', [entry('x1'), entry('x2', { level: 'error' }), entry('x3')]);
    await waitFor(() => received.logs('both').length >= 3, 'the logs of "both"');
    await ingest(server.url, 'both-sentinel', [entry('done', { level: 'error' })]); // reaches it through "*"
    await waitFor(() => received.logs('both-sentinel').length > 0, 'the sentinel');
    expect(received.events.filter((event) => event.projectId === 'both')).toHaveLength(1);
    expect(received.messages('both')).toEqual(['x1', 'x2', 'x3']);
  });

  it('stops after unsubscribe', async () => {
    const socket = await connect(server.url);
    const received = new Received(socket);
    expect(await subscribe(socket, { projectId: 'unsub' })).toEqual({ ok: true });
    expect(await subscribe(socket, { projectId: 'unsub-sentinel' })).toEqual({ ok: true });
    await ingest(server.url, 'unsub', [entry('before')]);
    await waitFor(() => received.logs('unsub').length === 1, 'the first log');
    expect(await unsubscribe(socket, 'unsub')).toEqual({ ok: true });
    await ingest(server.url, 'unsub', [entry('after')]);
    await ingest(server.url, 'unsub-sentinel', [entry('done')]);
    await waitFor(() => received.logs('unsub-sentinel').length > 0, 'the sentinel');
    expect(received.messages('unsub')).toEqual(['before']);
  });

  it('emits a log only once it is stored: every id is fetchable when its event arrives', async () => {
    const socket = await connect(server.url);
    const statuses: Promise<number>[] = [];
    let seen = 0;
    socket.on('logs', (event) => {
      if (event.projectId !== 'stored') return;
      for (const log of event.logs) {
        seen++;
        statuses.push(fetch(`${server.url}/api/logs/${log.id}`).then((response) => response.status));
      }
    });
    expect(await subscribe(socket, { projectId: 'stored' })).toEqual({ ok: true });
    for (let i = 0; i < 5; i++) {
      await ingest(
        server.url,
        'stored',
        Array.from({ length: 40 }, (_, n) => entry(`s${i}-${n}`)),
      );
    }
    await waitFor(() => seen === 200, '200 stored logs');
    expect(new Set(await Promise.all(statuses))).toEqual(new Set([200]));
  });

  it('tells every connected client about new projects, buckets and tag values', async () => {
    const watcher = await connect(server.url);
    const other = await connect(server.url);
    const events: { projects: ProjectCreatedEvent[]; buckets: BucketCreatedEvent[]; tags: TagDiscoveredEvent[] }[] = [];
    for (const socket of [watcher, other]) {
      const seen = {
        projects: [] as ProjectCreatedEvent[],
        buckets: [] as BucketCreatedEvent[],
        tags: [] as TagDiscoveredEvent[],
      };
      socket.on('project:created', (event) => seen.projects.push(event));
      socket.on('bucket:created', (event) => seen.buckets.push(event));
      socket.on('tag:discovered', (event) => seen.tags.push(event));
      events.push(seen);
    }
    // No subscription is needed for the catalogue events.
    await ingest(server.url, 'catalogue', [entry('c1', { bucket: 'checkout', tags: { color: 'blue' } })]);
    await ingest(server.url, 'catalogue', [entry('c2', { bucket: 'checkout', tags: { color: 'blue' } })]);
    await ingest(server.url, 'catalogue', [entry('c3', { bucket: 'payments', tags: { color: 'red' } })]);
    for (const seen of events) {
      await waitFor(() => seen.buckets.length === 2 && seen.tags.length === 2, 'two buckets and two tag values');
      expect(seen.projects.map((event) => event.project.id)).toEqual(['catalogue']);
      expect(seen.projects[0].project).toMatchObject({
        id: 'catalogue',
        name: 'catalogue',
        createdAt: expect.any(String),
      });
      expect(seen.buckets.map((event) => event.bucket)).toEqual([
        expect.objectContaining({ id: 'catalogue:checkout', name: 'checkout', projectId: 'catalogue' }),
        expect.objectContaining({ id: 'catalogue:payments', name: 'payments', projectId: 'catalogue' }),
      ]);
      expect(seen.tags).toEqual([
        { projectId: 'catalogue', key: 'color', value: 'blue' },
        { projectId: 'catalogue', key: 'color', value: 'red' },
      ]);
    }
  });
});
