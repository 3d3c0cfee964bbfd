import type { LogRecord } from '@logdesk/contracts';
import type { LogFilter, LogStore, PageRequest } from '../storage/log-store';
import { FLOW_LIMITS } from './live-client';
import type { LiveSocket } from './live-events';
import { LiveFanout } from './live-fanout';
import { logRecord } from './log-record.fixture';
import { matchesFilter } from './log-matcher';

const record = (id: number, overrides: Partial<LogRecord> = {}): LogRecord =>
  logRecord({ id, message: `m${id}`, timestamp: id, ...overrides });

const range = (from: number, to: number, overrides: Partial<LogRecord> = {}): LogRecord[] =>
  Array.from({ length: to - from + 1 }, (_, i) => record(from + i, overrides));

/** A socket that records what it is sent; `conn` is the part of engine.io that flow control reads. */
class FakeSocket {
  connected = true;
  readonly conn = { writeBuffer: [] as { data: string }[], transport: {} };
  readonly sent: [string, unknown][] = [];
  constructor(readonly id: string) {}
  emit(event: string, payload: unknown): boolean {
    this.sent.push([event, payload]);
    return true;
  }
  ids(): number[] {
    return this.sent.flatMap(([event, payload]) =>
      event === 'logs' ? (payload as { logs: LogRecord[] }).logs.map((log) => log.id) : [],
    );
  }
  lagged(): unknown[] {
    return this.sent.filter(([event]) => event === 'lagged').map(([, payload]) => payload);
  }
}

/** Stored logs whose `page` answers only when the test lets it, to interleave live events with a replay. */
class GatedStore {
  stored: LogRecord[] = [];
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  queries = 0;

  hold(): void {
    this.gate = new Promise((done) => (this.open = done));
  }
  release(): void {
    this.open();
  }
  async page(filter: LogFilter, request: PageRequest): Promise<LogRecord[]> {
    this.queries++;
    await this.gate;
    return this.stored
      .filter((log) => log.id > (request.afterId ?? 0) && matchesFilter(log, filter))
      .slice(0, request.limit);
  }
}

const settle = () => new Promise((done) => setTimeout(done, 20));

// Under 'live' so that `jest -t live` selects the whole live stream.
describe('live', () => {
  describe(LiveFanout.name, () => {
    let store: GatedStore;
    let hub: LiveFanout;
    const connect = (id: string): FakeSocket => {
      const socket = new FakeSocket(id);
      hub.connect(socket as unknown as LiveSocket);
      return socket;
    };
    const subscribe = (socket: FakeSocket, request: unknown) => hub.subscribe(socket as unknown as LiveSocket, request);

    beforeEach(() => {
      store = new GatedStore();
      hub = new LiveFanout(store as unknown as LogStore, () => undefined);
    });

    it('holds live logs during a replay and releases only those past it: no gap, no duplicate', async () => {
      store.stored = range(1, 10);
      const socket = connect('a');
      store.hold();
      const outcome = subscribe(socket, { projectId: 'p', afterId: 3 });
      expect(outcome.ack).toEqual({ ok: true });
      const replay = outcome.replay!();
      // Committed before the query ran, but its event is delivered after the subscription: both ways.
      hub.publishLogs({ projectId: 'p', logs: range(9, 10) });
      hub.publishLogs({ projectId: 'p', logs: range(11, 12) });
      expect(socket.sent).toEqual([]);
      store.stored.push(...range(11, 12));
      store.release();
      await replay;
      hub.publishLogs({ projectId: 'p', logs: range(13, 13) });
      expect(socket.ids()).toEqual(range(4, 13).map((log) => log.id));
      expect(socket.lagged()).toEqual([]);
    });

    it('does not resend what the replay read when its event comes after the replay', async () => {
      // 11 and 12 are committed (the query sees them) but their event is still on its way: a writer
      // thread or PostgreSQL commits before the event loop here hears of it.
      store.stored = range(1, 12);
      const socket = connect('a');
      await subscribe(socket, { projectId: 'p', afterId: 3 }).replay!();
      hub.publishLogs({ projectId: 'p', logs: range(11, 12) });
      hub.publishLogs({ projectId: 'p', logs: range(13, 13) });
      expect(socket.ids()).toEqual(range(4, 13).map((log) => log.id));
    });

    it('caps a replay at 1,000 and counts the rest exactly, including logs that arrive while it counts', async () => {
      store.stored = range(1, 2_600);
      const socket = connect('a');
      store.hold();
      const outcome = subscribe(socket, { projectId: 'p', afterId: 0 });
      const replay = outcome.replay!();
      hub.publishLogs({ projectId: 'p', logs: range(2_590, 2_600) });
      store.release();
      await settle();
      store.stored.push(...range(2_601, 2_603));
      hub.publishLogs({ projectId: 'p', logs: range(2_601, 2_603) });
      await replay;
      const ids = socket.ids();
      expect(ids.slice(0, 1_000)).toEqual(range(1, 1_000).map((log) => log.id));
      const lagged = socket.lagged() as { skipped: number }[];
      expect(lagged).toHaveLength(1);
      // Every log is either sent or counted, once.
      expect(ids.length + lagged[0].skipped).toBe(2_603);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    });

    it('answers a bad filter with ok:false and registers nothing', () => {
      const socket = connect('a');
      expect(subscribe(socket, { projectId: 'p', level: 'loud' }).ack).toEqual({
        ok: false,
        error: expect.stringContaining('unknown level'),
      });
      expect(subscribe(socket, 'p').ack).toEqual({ ok: false, error: expect.stringContaining('expects an object') });
      hub.publishLogs({ projectId: 'p', logs: range(1, 2) });
      expect(socket.sent).toEqual([]);
    });

    it('drops logs for a client over its byte bound and reports them as lagged once it drains', async () => {
      const slow = connect('slow');
      const fast = connect('fast');
      subscribe(slow, { projectId: 'p' });
      subscribe(fast, { projectId: 'p' });
      subscribe(slow, { projectId: '*', level: 'error' });
      slow.conn.writeBuffer.push({ data: 'x'.repeat(FLOW_LIMITS.highWaterBytes + 1) });
      hub.publishLogs({ projectId: 'p', logs: range(1, 3) });
      hub.publishLogs({ projectId: 'p', logs: range(4, 5, { level: 'error' }) });
      expect(slow.sent).toEqual([]);
      expect(fast.ids()).toEqual([1, 2, 3, 4, 5]);
      slow.conn.writeBuffer.length = 0;
      await new Promise((done) => setTimeout(done, FLOW_LIMITS.drainCheckMs * 3));
      expect(slow.lagged()).toEqual([
        { projectId: 'p', skipped: 5 },
        { projectId: '*', skipped: 2 },
      ]);
      hub.publishLogs({ projectId: 'p', logs: range(6, 6) });
      expect(slow.ids()).toEqual([6]);
    });
  });
});
