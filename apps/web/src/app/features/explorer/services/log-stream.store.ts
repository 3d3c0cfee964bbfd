import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import type { LogRecord } from '@logdesk/contracts';
import type { Subscription } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { type LiveBatch, LiveBuffer } from '../../../core/live/live-buffer';
import { appendOlder, holdBack, prependNewest } from '../../../core/live/live-rows';
import { type LiveHandle, LiveSocketService } from '../../../core/live/live-socket.service';
import { type ExplorerFilters, matchesFilters, toLogQuery, toSubscribeRequest } from '../state/filter-state';
import { includesNow } from '../state/time-range';

/** Rows kept from the live stream; older ones fall off and can be paged back in. */
export const MAX_LIVE_ROWS = 5_000;
const PAGE_SIZE = 200;
/** At most four renders a second however fast logs arrive. */
const FLUSH_INTERVAL_MS = 250;
/** After a `lagged` notice, wait for the burst to settle before reloading the newest page. */
const LAG_RELOAD_DELAY_MS = 1_000;

export type LiveMode = 'off' | 'live' | 'paused' | 'held';

/**
 * The explorer's rows: the newest page from REST, older pages on demand (beforeId), and live
 * logs from Socket.IO, batched and bounded. While paused (by the user, or because they
 * scrolled away) live logs are held back and counted for the "N new logs" pill.
 */
@Injectable()
export class LogStreamStore {
  private readonly api = inject(LogdeskApi);
  private readonly live = inject(LiveSocketService);

  private readonly rowsSignal = signal<LogRecord[]>([]);
  private readonly hasMoreSignal = signal(false);
  private readonly loadingSignal = signal<'idle' | 'first' | 'more'>('idle');
  private readonly errorSignal = signal<string | null>(null);
  private readonly heldSignal = signal<LogRecord[]>([]);
  private readonly heldOverflowSignal = signal(false);
  private readonly userPausedSignal = signal(false);
  private readonly scrolledAwaySignal = signal(false);
  private readonly subscribedSignal = signal(false);
  private readonly receivedSignal = signal(0);

  readonly rows = this.rowsSignal.asReadonly();
  readonly hasMore = this.hasMoreSignal.asReadonly();
  readonly loading = this.loadingSignal.asReadonly();
  readonly error = this.errorSignal.asReadonly();
  /** Logs held back while paused; the pill shows "N new logs" (N+ after an overflow). */
  readonly heldCount = computed(() => this.heldSignal().length);
  readonly heldOverflow = this.heldOverflowSignal.asReadonly();
  /** Counts live batches applied, so stats can refresh when something arrived. */
  readonly received = this.receivedSignal.asReadonly();
  readonly mode = computed<LiveMode>(() => {
    if (!this.subscribedSignal()) return 'off';
    if (this.userPausedSignal()) return 'paused';
    return this.scrolledAwaySignal() ? 'held' : 'live';
  });

  private projectId = '';
  private filters: ExplorerFilters | null = null;
  private handle: LiveHandle | null = null;
  private loadSubscription: Subscription | null = null;
  private lagTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly buffer = new LiveBuffer<LogRecord>({
    capacity: MAX_LIVE_ROWS,
    intervalMs: FLUSH_INTERVAL_MS,
    onFlush: (batch) => this.applyBatch(batch),
  });

  constructor() {
    inject(DestroyRef).onDestroy(() => this.stop());
  }

  /** A new project or new filters: start over from the newest page and resubscribe. */
  reset(projectId: string, filters: ExplorerFilters): void {
    this.stop();
    this.projectId = projectId;
    this.filters = filters;
    this.rowsSignal.set([]);
    this.hasMoreSignal.set(false);
    this.loadFirstPage(() => this.subscribe());
  }

  loadMore(): void {
    const rows = this.rowsSignal();
    if (!this.filters || this.loadingSignal() !== 'idle' || !this.hasMoreSignal() || rows.length === 0) return;
    this.loadingSignal.set('more');
    const query = {
      ...toLogQuery(this.projectId, this.filters, Date.now()),
      beforeId: rows[rows.length - 1].id,
      limit: PAGE_SIZE,
    };
    this.loadSubscription = this.api.logs(query).subscribe({
      next: (page) => {
        this.rowsSignal.update((current) => appendOlder(current, page.logs));
        this.hasMoreSignal.set(page.hasMore);
        this.loadingSignal.set('idle');
      },
      error: (error: unknown) => this.fail(error),
    });
  }

  /** The pause button and `p` (URL `live=off`). */
  setUserPaused(paused: boolean): void {
    this.userPausedSignal.set(paused);
    if (!paused) this.releaseHeld();
  }

  /** The table reports whether its top row is out of view; away from the top, hold new rows. */
  setScrolledAway(away: boolean): void {
    if (this.scrolledAwaySignal() === away) return;
    this.scrolledAwaySignal.set(away);
    if (!away) this.releaseHeld();
  }

  private get paused(): boolean {
    return this.userPausedSignal() || this.scrolledAwaySignal();
  }

  private loadFirstPage(then?: () => void): void {
    if (!this.filters) return;
    this.loadSubscription?.unsubscribe();
    this.loadingSignal.set('first');
    const query = { ...toLogQuery(this.projectId, this.filters, Date.now()), limit: PAGE_SIZE };
    this.loadSubscription = this.api.logs(query).subscribe({
      next: (page) => {
        this.rowsSignal.set(page.logs);
        this.hasMoreSignal.set(page.hasMore);
        this.heldSignal.set([]);
        this.heldOverflowSignal.set(false);
        this.errorSignal.set(null);
        this.loadingSignal.set('idle');
        then?.();
      },
      error: (error: unknown) => {
        this.fail(error);
        // Live still works when the first page failed (the server may just be starting).
        then?.();
      },
    });
  }

  private subscribe(): void {
    const filters = this.filters;
    if (!filters || !includesNow(filters.range, Date.now())) return;
    const projectId = this.projectId;
    this.handle = this.live.watch(() => toSubscribeRequest(projectId, filters, this.newestKnownId()), {
      logs: (logs) => this.buffer.push(logs),
      lagged: () => this.scheduleLagReload(),
      failed: (error) => this.errorSignal.set(`Live updates refused: ${error}`),
    });
    this.subscribedSignal.set(true);
  }

  /** afterId for a (re)subscription: the server replays whatever is newer, so nothing is missed. */
  private newestKnownId(): number | undefined {
    const newest = Math.max(this.heldSignal()[0]?.id ?? 0, this.rowsSignal()[0]?.id ?? 0);
    if (newest > 0) return newest;
    // An empty page under "all time" means nothing matched yet: replay anything stored since.
    return this.filters?.range.kind === 'preset' && this.filters.range.preset === 'all' ? 0 : undefined;
  }

  private applyBatch(batch: LiveBatch<LogRecord>): void {
    const filters = this.filters;
    if (!filters) return;
    const now = Date.now();
    const fresh = batch.items.filter((log) => matchesFilters(log, filters, now));
    if (fresh.length === 0 && batch.dropped === 0) return;
    this.receivedSignal.update((n) => n + 1);
    if (this.paused) {
      const { held, overflowed } = holdBack(this.heldSignal(), fresh, MAX_LIVE_ROWS);
      this.heldSignal.set(held);
      if (overflowed || batch.dropped > 0) this.heldOverflowSignal.set(true);
      return;
    }
    if (batch.dropped > 0) {
      // More arrived than we keep: show the newest and let paging (beforeId) fill the gap.
      this.rowsSignal.set(fresh);
      this.hasMoreSignal.set(true);
      return;
    }
    const merged = prependNewest(this.rowsSignal(), fresh, MAX_LIVE_ROWS);
    this.rowsSignal.set(merged.rows);
    if (merged.trimmed) this.hasMoreSignal.set(true);
  }

  private releaseHeld(): void {
    if (this.paused) return;
    this.buffer.flush();
    const held = this.heldSignal();
    if (held.length === 0) return;
    if (this.heldOverflowSignal()) {
      // The held rows do not join up with the shown ones; start from them and page back.
      this.rowsSignal.set(held);
      this.hasMoreSignal.set(true);
    } else {
      const merged = prependNewest(this.rowsSignal(), held, MAX_LIVE_ROWS);
      this.rowsSignal.set(merged.rows);
      if (merged.trimmed) this.hasMoreSignal.set(true);
    }
    this.heldSignal.set([]);
    this.heldOverflowSignal.set(false);
  }

  private scheduleLagReload(): void {
    if (this.lagTimer) return;
    this.lagTimer = setTimeout(() => {
      this.lagTimer = null;
      if (!this.paused) this.loadFirstPage();
      else this.heldOverflowSignal.set(true);
    }, LAG_RELOAD_DELAY_MS);
  }

  private fail(error: unknown): void {
    this.errorSignal.set(errorMessage(error));
    this.loadingSignal.set('idle');
  }

  private stop(): void {
    this.handle?.close();
    this.handle = null;
    this.subscribedSignal.set(false);
    this.loadSubscription?.unsubscribe();
    this.loadSubscription = null;
    this.buffer.clear();
    if (this.lagTimer) clearTimeout(this.lagTimer);
    this.lagTimer = null;
    this.heldSignal.set([]);
    this.heldOverflowSignal.set(false);
  }
}
