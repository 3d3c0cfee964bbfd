import { LIVE_LIMITS } from '@logdesk/contracts';
import {
  Received,
  connect,
  entry,
  ingest,
  sleep,
  storedIds,
  strictlyIncreasing,
  subscribe,
  waitFor,
  useLiveServer,
} from './support/live-support';

/** `afterId` replay (contract section 6): reconnecting clients miss nothing and see nothing twice. */
describe('live stream replay', () => {
  const server = useLiveServer();

  it('replays what was missed during a disconnect while logs keep arriving, with no gap and no duplicate', async () => {
    const first = await connect(server.url);
    const before = new Received(first);
    expect(await subscribe(first, { projectId: 'replay' })).toEqual({ ok: true });
    const errorsFirst = await connect(server.url);
    const errorsBefore = new Received(errorsFirst);
    expect(await subscribe(errorsFirst, { projectId: 'replay', level: 'error' })).toEqual({ ok: true });
    let running = true;
    let sent = 0;
    // A steady writer in the background, across the disconnect, the replay and beyond.
    const writer = (async () => {
      while (running) {
        await ingest(
          server.url,
          'replay',
          Array.from({ length: 7 }, (_, i) => entry(`r${sent + i}`, { level: i % 3 === 0 ? 'error' : 'info' })),
        );
        sent += 7;
        await sleep(15);
      }
    })();
    await waitFor(() => before.ids().length >= 50 && errorsBefore.ids().length >= 10, 'some live logs');
    first.close();
    errorsFirst.close();
    const lastSeen = Math.max(...before.ids());
    const lastErrorSeen = Math.max(...errorsBefore.ids());

    await sleep(400); // logs keep arriving while nobody listens
    const second = await connect(server.url);
    const after = new Received(second);
    expect(await subscribe(second, { projectId: 'replay', afterId: lastSeen })).toEqual({ ok: true });
    const errorsSecond = await connect(server.url);
    const errorsAfter = new Received(errorsSecond);
    expect(await subscribe(errorsSecond, { projectId: 'replay', level: 'error', afterId: lastErrorSeen })).toEqual({
      ok: true,
    });
    await sleep(400); // and while the replay runs and live logs resume
    running = false;
    await writer;

    await waitFor(() => before.ids().length + after.ids().length >= sent, 'every log sent, live or replayed');
    const stored = await storedIds(server.url, 'replay');
    expect(stored).toHaveLength(sent);
    expect(strictlyIncreasing(before.ids())).toBe(true);
    expect(strictlyIncreasing(after.ids())).toBe(true);
    expect(after.ids()[0]).toBeGreaterThan(lastSeen);
    expect([...before.ids(), ...after.ids()]).toEqual(stored);
    expect(after.lagged).toEqual([]);

    const storedErrors = (await fetch(`${server.url}/api/logs?projectId=replay&level=error&limit=1000`).then((r) =>
      r.json(),
    )) as {
      logs: { id: number }[];
    };
    const errorIds = storedErrors.logs.map((log) => log.id).reverse();
    await waitFor(() => errorsAfter.ids().at(-1) === errorIds.at(-1), 'the newest error log');
    expect([...errorsBefore.ids(), ...errorsAfter.ids()]).toEqual(errorIds);
    expect(errorsAfter.logs().every((log) => log.level === 'error')).toBe(true);
  });

  it(`sends the oldest ${LIVE_LIMITS.replayMax} then lagged when more than that are stored past afterId`, async () => {
    const live = await connect(server.url);
    const watched = new Received(live);
    expect(await subscribe(live, { projectId: 'lag' })).toEqual({ ok: true });
    await ingest(
      server.url,
      'lag',
      Array.from({ length: 1500 }, (_, i) => entry(`l${i}`, { bucket: i % 2 ? 'odd' : 'even' })),
    );
    await waitFor(() => watched.ids().length === 1500, '1500 stored logs');
    const ids = watched.ids();

    const late = await connect(server.url);
    const replayed = new Received(late);
    expect(await subscribe(late, { projectId: 'lag', afterId: 0 })).toEqual({ ok: true });
    await waitFor(() => replayed.lagged.length === 1, 'lagged');
    expect(replayed.ids()).toEqual(ids.slice(0, LIVE_LIMITS.replayMax));
    expect(replayed.lagged).toEqual([{ projectId: 'lag', skipped: 500 }]);

    // Live logs continue after the lagged replay.
    await ingest(server.url, 'lag', [entry('fresh', { bucket: 'even' })]);
    await waitFor(() => replayed.messages().at(-1) === 'fresh', 'the live log after the replay');
    await waitFor(() => watched.messages().at(-1) === 'fresh', 'the live log on the first socket');
    expect(replayed.ids()).toHaveLength(LIVE_LIMITS.replayMax + 1);

    // An afterId inside the range: 1300 newer, the first 1000 sent.
    const middle = await connect(server.url);
    const fromMiddle = new Received(middle);
    expect(await subscribe(middle, { projectId: 'lag', afterId: ids[199] })).toEqual({ ok: true });
    await waitFor(() => fromMiddle.lagged.length === 1, 'lagged from the middle');
    expect(fromMiddle.ids()).toEqual(ids.slice(200, 1200));
    expect(fromMiddle.lagged).toEqual([{ projectId: 'lag', skipped: 301 }]);

    // A filter under the cap: 700 even logs past the 100th (and the fresh one), then live, no lagged.
    const filtered = await connect(server.url);
    const evens = new Received(filtered);
    expect(await subscribe(filtered, { projectId: 'lag', bucket: 'even', afterId: ids[99] })).toEqual({ ok: true });
    await waitFor(() => evens.ids().length === 701, 'the even replay');
    await ingest(server.url, 'lag', [entry('odd one', { bucket: 'odd' }), entry('even one', { bucket: 'even' })]);
    await waitFor(() => evens.messages().at(-1) === 'even one', 'the live even log');
    await waitFor(() => watched.messages().at(-1) === 'even one', 'the last log on the first socket');
    const expected = watched.logs().filter((log) => log.bucket === 'even' && log.id > ids[99]);
    expect(evens.messages()).toEqual(expected.map((log) => log.message));
    expect(evens.messages().slice(-3)).toEqual(['l1498', 'fresh', 'even one']);
    expect(strictlyIncreasing(evens.ids())).toBe(true);
    expect(evens.lagged).toEqual([]);
  });

  it('replays the firehose across projects in id order, one event per run of a project', async () => {
    const watcher = await connect(server.url);
    const live = new Received(watcher);
    expect(await subscribe(watcher, { projectId: '*', search: 'fh-' })).toEqual({ ok: true });
    await ingest(server.url, 'fh-one', [entry('fh-1'), entry('fh-2')]);
    await ingest(server.url, 'fh-two', [entry('fh-3'), entry('other'), entry('fh-4')]);
    await ingest(server.url, 'fh-one', [entry('fh-5')]);
    await waitFor(() => live.messages().length === 5, 'five firehose logs');
    const afterId = live.ids()[0] - 1;

    const late = await connect(server.url);
    const replayed = new Received(late);
    expect(await subscribe(late, { projectId: '*', search: 'FH-', afterId })).toEqual({ ok: true });
    await waitFor(() => replayed.messages().length === 5, 'the firehose replay');
    // Live, one flush gives one event per project (so ids interleave across events); the replay
    // reads in id order and cuts it into runs of one project.
    expect(replayed.ids()).toEqual([...live.ids()].sort((a, b) => a - b));
    expect(replayed.events.map((event) => [event.projectId, event.logs.map((log) => log.message)])).toEqual([
      ['fh-one', ['fh-1', 'fh-2']],
      ['fh-two', ['fh-3', 'fh-4']],
      ['fh-one', ['fh-5']],
    ]);
  });
});
