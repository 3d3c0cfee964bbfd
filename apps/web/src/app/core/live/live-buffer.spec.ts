import { LiveBuffer, type LiveBatch, type Scheduler } from './live-buffer';

/** A scheduler the spec runs by hand: `tick()` fires what is due. */
function manualScheduler() {
  const tasks: { task: () => void; delayMs: number; cancelled: boolean }[] = [];
  const schedule: Scheduler = (task, delayMs) => {
    const entry = { task, delayMs, cancelled: false };
    tasks.push(entry);
    return () => (entry.cancelled = true);
  };
  const tick = () => {
    const due = tasks.splice(0).filter((entry) => !entry.cancelled);
    due.forEach((entry) => entry.task());
  };
  return { schedule, tick, pending: () => tasks.filter((entry) => !entry.cancelled).length, tasks };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

describe(LiveBuffer.name, () => {
  it('batches any number of pushes into one flush per interval, newest first', () => {
    const clock = manualScheduler();
    const batches: LiveBatch<{ id: number }>[] = [];
    const buffer = new LiveBuffer<{ id: number }>({
      capacity: 100,
      intervalMs: 250,
      schedule: clock.schedule,
      onFlush: (b) => batches.push(b),
    });

    for (let i = 1; i <= 50; i++) buffer.push([{ id: i }]);
    expect(clock.pending()).toBe(1);
    expect(clock.tasks[0].delayMs).toBe(250);
    expect(batches).toHaveLength(0);

    clock.tick();
    expect(batches).toHaveLength(1);
    expect(batches[0].items.map((item) => item.id)).toEqual(
      ids(1, 50)
        .reverse()
        .map((item) => item.id),
    );
    expect(batches[0].dropped).toBe(0);
    expect(buffer.size).toBe(0);
  });

  it('keeps at most `capacity` items, dropping and counting the oldest', () => {
    const clock = manualScheduler();
    const batches: LiveBatch<{ id: number }>[] = [];
    const buffer = new LiveBuffer<{ id: number }>({
      capacity: 10,
      intervalMs: 250,
      schedule: clock.schedule,
      onFlush: (b) => batches.push(b),
    });

    buffer.push(ids(1, 8));
    buffer.push(ids(9, 25));
    expect(buffer.size).toBe(10);

    clock.tick();
    expect(batches[0].items.map((item) => item.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(batches[0].dropped).toBe(15);
  });

  it('schedules nothing while idle and starts a new interval after each flush', () => {
    const clock = manualScheduler();
    const flushes: number[] = [];
    const buffer = new LiveBuffer<{ id: number }>({
      capacity: 5,
      intervalMs: 100,
      schedule: clock.schedule,
      onFlush: (b) => flushes.push(b.items.length),
    });

    buffer.push([]);
    expect(clock.pending()).toBe(0);
    buffer.push(ids(1, 2));
    clock.tick();
    clock.tick();
    expect(flushes).toEqual([2]);
    buffer.push(ids(3, 3));
    expect(clock.pending()).toBe(1);
    clock.tick();
    expect(flushes).toEqual([2, 1]);
  });

  it('flushes at once on demand and forgets everything on clear', () => {
    const clock = manualScheduler();
    const flushes: number[][] = [];
    const buffer = new LiveBuffer<{ id: number }>({
      capacity: 5,
      intervalMs: 100,
      schedule: clock.schedule,
      onFlush: (b) => flushes.push(b.items.map((i) => i.id)),
    });

    buffer.push(ids(1, 2));
    buffer.flush();
    expect(flushes).toEqual([[2, 1]]);
    expect(clock.pending()).toBe(0);

    buffer.push(ids(3, 4));
    buffer.clear();
    clock.tick();
    buffer.flush();
    expect(flushes).toEqual([[2, 1]]);
  });

  it('renders a 5,000 logs/s stream at most four times a second with real timers', () => {
    jest.useFakeTimers();
    try {
      let flushes = 0;
      let delivered = 0;
      const buffer = new LiveBuffer<{ id: number }>({
        capacity: 5_000,
        intervalMs: 250,
        onFlush: (batch) => {
          flushes++;
          delivered += batch.items.length + batch.dropped;
        },
      });
      // 50 socket events of 100 logs every 10 ms for one second.
      let id = 0;
      for (let ms = 0; ms < 1000; ms += 10) {
        buffer.push(Array.from({ length: 50 }, () => ({ id: ++id })));
        jest.advanceTimersByTime(10);
      }
      expect(flushes).toBeLessThanOrEqual(4);
      expect(delivered + buffer.size).toBe(5_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a capacity below one', () => {
    expect(() => new LiveBuffer({ capacity: 0, intervalMs: 1, onFlush: () => undefined })).toThrow(RangeError);
  });
});
