import { DestroyRef, Injectable, inject, signal } from '@angular/core';
import { QUERY_LIMITS, type StatsResponse } from '@logdesk/contracts';
import { Subject, catchError, map, of, switchMap } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { type ExplorerFilters, toLogQuery } from '../state/filter-state';
import { resolveRange } from '../state/time-range';

/** While live logs stream in, counts and histogram refresh at most this often. */
const LIVE_REFRESH_MS = 5_000;

/**
 * Facet counts and the volume histogram under the current filters (`GET /api/logs/stats`).
 * Only the newest request counts: switchMap drops answers to filters the user already left.
 */
@Injectable()
export class ExplorerStatsStore {
  private readonly api = inject(LogdeskApi);

  private readonly statsSignal = signal<StatsResponse | null>(null);
  private readonly errorSignal = signal<string | null>(null);
  private readonly requests = new Subject<{ projectId: string; filters: ExplorerFilters }>();
  private current: { projectId: string; filters: ExplorerFilters } | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;

  readonly stats = this.statsSignal.asReadonly();
  readonly error = this.errorSignal.asReadonly();

  constructor() {
    const subscription = this.requests
      .pipe(
        switchMap(({ projectId, filters }) => {
          const now = Date.now();
          const query = toLogQuery(projectId, filters, now);
          const range = resolveRange(filters.range, now);
          // A rolling preset ends now; the histogram's last bin should too.
          const until = range.until ?? (range.since !== undefined ? now : undefined);
          return this.api.stats({ ...query, until, buckets: QUERY_LIMITS.histogramBuckets }).pipe(
            map((stats) => ({ stats })),
            catchError((error: unknown) => of({ error: errorMessage(error) })),
          );
        }),
      )
      .subscribe((result) => {
        if ('error' in result) {
          this.errorSignal.set(result.error);
          return;
        }
        this.statsSignal.set(result.stats);
        this.errorSignal.set(null);
      });
    inject(DestroyRef).onDestroy(() => {
      subscription.unsubscribe();
      if (this.refreshTimer) clearTimeout(this.refreshTimer);
    });
  }

  load(projectId: string, filters: ExplorerFilters): void {
    const sameProject = this.current?.projectId === projectId;
    this.current = { projectId, filters };
    if (!sameProject) this.statsSignal.set(null);
    this.requests.next(this.current);
  }

  /** Live logs arrived: refresh, but not more than once per LIVE_REFRESH_MS. */
  refreshSoon(): void {
    if (this.refreshTimer || !this.current) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (this.current) this.requests.next(this.current);
    }, LIVE_REFRESH_MS);
  }
}
