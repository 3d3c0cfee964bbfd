/** Cancels a scheduled call. */
export type Cancel = () => void;
/** Runs `task` once after about `delayMs`; injectable so specs drive time themselves. */
export type Scheduler = (task: () => void, delayMs: number) => Cancel;

export const timeoutScheduler: Scheduler = (task, delayMs) => {
  const handle = setTimeout(task, delayMs);
  return () => clearTimeout(handle);
};

export interface LiveBatch<T> {
  /** Newest first, at most `capacity` items. */
  items: T[];
  /** Items that arrived since the last flush but did not fit in `capacity` (the oldest ones). */
  dropped: number;
}

export interface LiveBufferOptions<T> {
  /** Most items kept between two flushes; older ones are dropped and counted. */
  capacity: number;
  /** Least time between two flushes, so a busy stream renders a few times a second at most. */
  intervalMs: number;
  onFlush: (batch: LiveBatch<T>) => void;
  schedule?: Scheduler;
}

/**
 * Collects live events and hands them over in batches: one flush per interval however many
 * events arrive (5,000 logs/s become 4 renders/s), and never more than `capacity` items held.
 */
export class LiveBuffer<T> {
  private pending: T[] = [];
  private dropped = 0;
  private cancelTimer: Cancel | null = null;
  private readonly schedule: Scheduler;

  constructor(private readonly options: LiveBufferOptions<T>) {
    if (options.capacity < 1) throw new RangeError('LiveBuffer capacity must be at least 1');
    this.schedule = options.schedule ?? timeoutScheduler;
  }

  /** Items waiting for the next flush. */
  get size(): number {
    return this.pending.length;
  }

  /** Adds items in arrival order (oldest first, as Socket.IO delivers them). */
  push(items: readonly T[]): void {
    if (items.length === 0) return;
    for (const item of items) this.pending.push(item);
    const overflow = this.pending.length - this.options.capacity;
    if (overflow > 0) {
      this.pending.splice(0, overflow);
      this.dropped += overflow;
    }
    this.cancelTimer ??= this.schedule(() => this.flush(), this.options.intervalMs);
  }

  /** Hands everything over now (pause, resume, teardown). */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (this.pending.length === 0 && this.dropped === 0) return;
    const batch: LiveBatch<T> = { items: this.pending.reverse(), dropped: this.dropped };
    this.pending = [];
    this.dropped = 0;
    this.options.onFlush(batch);
  }

  /** Forgets what is pending without flushing (the subscription changed). */
  clear(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.pending = [];
    this.dropped = 0;
  }
}
