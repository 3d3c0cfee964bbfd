import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import { type LogLevel, type LogRecord, QUERY_LIMITS } from '@logdesk/contracts';
import type { Subscription } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { type LiveBatch, LiveBuffer } from '../../../core/live/live-buffer';
import { holdBack, prependNewest } from '../../../core/live/live-rows';
import { type LiveHandle, LiveSocketService } from '../../../core/live/live-socket.service';

/** The firehose is a glance at what is happening now, not an archive: keep it short. */
export const FIREHOSE_MAX_ROWS = 1_000;
const FLUSH_INTERVAL_MS = 250;

/** Newest logs of every project: `GET /api/logs/tail`, then `subscribe { projectId: '*' }`. */
@Injectable()
export class FirehoseStore {
  private readonly api = inject(LogdeskApi);
  private readonly live = inject(LiveSocketService);

  private readonly rowsSignal = signal<LogRecord[]>([]);
  private readonly heldSignal = signal<LogRecord[]>([]);
  private readonly pausedSignal = signal(false);
  private readonly scrolledAwaySignal = signal(false);
  private readonly loadingSignal = signal(false);
  private readonly errorSignal = signal<string | null>(null);

  readonly rows = this.rowsSignal.asReadonly();
  readonly heldCount = computed(() => this.heldSignal().length);
  readonly paused = this.pausedSignal.asReadonly();
  readonly holding = computed(() => this.pausedSignal() || this.scrolledAwaySignal());
  readonly loading = this.loadingSignal.asReadonly();
  readonly error = this.errorSignal.asReadonly();

  private levels: LogLevel[] = [];
  private handle: LiveHandle | null = null;
  private loadSubscription: Subscription | null = null;
  private readonly buffer = new LiveBuffer<LogRecord>({
    capacity: FIREHOSE_MAX_ROWS,
    intervalMs: FLUSH_INTERVAL_MS,
    onFlush: (batch) => this.apply(batch),
  });

  constructor() {
    inject(DestroyRef).onDestroy(() => this.stop());
  }

  start(levels: LogLevel[]): void {
    this.stop();
    this.levels = levels;
    this.loadingSignal.set(true);
    const level = levels.length > 0 ? levels.join(',') : undefined;
    this.loadSubscription = this.api.tail(QUERY_LIMITS.tailMax, level).subscribe({
      next: (tail) => {
        this.rowsSignal.set(tail.logs);
        this.errorSignal.set(null);
        this.loadingSignal.set(false);
        this.subscribe(level);
      },
      error: (error: unknown) => {
        this.errorSignal.set(errorMessage(error));
        this.loadingSignal.set(false);
        this.subscribe(level);
      },
    });
  }

  setPaused(paused: boolean): void {
    this.pausedSignal.set(paused);
    this.release();
  }

  setScrolledAway(away: boolean): void {
    this.scrolledAwaySignal.set(away);
    this.release();
  }

  private subscribe(level: string | undefined): void {
    this.handle = this.live.watch(() => ({ projectId: '*', level, afterId: this.newestId() }), {
      logs: (logs) => this.buffer.push(logs),
    });
  }

  private newestId(): number | undefined {
    const newest = Math.max(this.heldSignal()[0]?.id ?? 0, this.rowsSignal()[0]?.id ?? 0);
    return newest > 0 ? newest : undefined;
  }

  private apply(batch: LiveBatch<LogRecord>): void {
    const wanted = this.levels;
    const fresh = wanted.length > 0 ? batch.items.filter((log) => wanted.includes(log.level)) : batch.items;
    if (fresh.length === 0) return;
    if (this.holding()) {
      this.heldSignal.set(holdBack(this.heldSignal(), fresh, FIREHOSE_MAX_ROWS).held);
    } else {
      this.rowsSignal.set(prependNewest(this.rowsSignal(), fresh, FIREHOSE_MAX_ROWS).rows);
    }
  }

  private release(): void {
    if (this.holding()) return;
    this.buffer.flush();
    if (this.heldSignal().length === 0) return;
    this.rowsSignal.set(prependNewest(this.rowsSignal(), this.heldSignal(), FIREHOSE_MAX_ROWS).rows);
    this.heldSignal.set([]);
  }

  private stop(): void {
    this.handle?.close();
    this.handle = null;
    this.loadSubscription?.unsubscribe();
    this.buffer.clear();
    this.heldSignal.set([]);
  }
}
