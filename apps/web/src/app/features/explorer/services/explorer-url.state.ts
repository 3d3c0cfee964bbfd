import { Injectable, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, NavigationEnd, Router } from '@angular/router';
import { filter, map, startWith } from 'rxjs';
import {
  type ExplorerFilters,
  EMPTY_FILTERS,
  parseFilters,
  sameFilters,
  toRouterQueryParams,
} from '../state/filter-state';

export interface NavigateOptions {
  /** Typing in the search box should not leave one history entry per keystroke. */
  replaceUrl?: boolean;
}

/**
 * The explorer's state lives in the URL (project, filters, range, live, open log), so reload,
 * back/forward and pasted links restore it. Everything else derives from these signals.
 */
@Injectable()
export class ExplorerUrlState {
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);

  private readonly paramMap = toSignal(this.route.paramMap, { requireSync: true });
  private readonly queryParamMap = toSignal(this.route.queryParamMap, { requireSync: true });
  private readonly childLogId = toSignal(
    this.router.events.pipe(
      filter((event) => event instanceof NavigationEnd),
      startWith(null),
      map(() => this.route.snapshot.firstChild?.paramMap.get('logId') ?? null),
    ),
    { requireSync: true },
  );

  readonly projectId = computed(() => this.paramMap().get('projectId') ?? '');
  /** Equal filters keep their identity, so opening a log does not reload the list. */
  readonly filters = computed(() => parseFilters(this.queryParamMap()), { equal: sameFilters });
  readonly selectedLogId = computed(() => {
    const id = Number(this.childLogId());
    return Number.isInteger(id) && id > 0 ? id : null;
  });

  update(patch: Partial<ExplorerFilters>, options: NavigateOptions = {}): void {
    this.setFilters({ ...this.filters(), ...patch }, options);
  }

  setFilters(filters: ExplorerFilters, options: NavigateOptions = {}): void {
    void this.router.navigate([], {
      // Relative to the child route, so an open log stays open while filters change.
      relativeTo: this.route.firstChild ?? this.route,
      queryParams: toRouterQueryParams(filters),
      queryParamsHandling: 'merge',
      replaceUrl: options.replaceUrl,
    });
  }

  /** Back to the unfiltered newest logs, keeping the open log. */
  clearFilters(): void {
    this.setFilters({ ...EMPTY_FILTERS, live: this.filters().live });
  }

  openLog(id: number, options: NavigateOptions = {}): void {
    void this.router.navigate(['logs', id], {
      relativeTo: this.route,
      queryParamsHandling: 'preserve',
      replaceUrl: options.replaceUrl,
    });
  }

  closeLog(): void {
    void this.router.navigate(['./'], { relativeTo: this.route, queryParamsHandling: 'preserve' });
  }

  /** An absolute link to one log with the current filters, for "copy link". */
  logUrl(id: number, origin: string): string {
    const tree = this.router.createUrlTree(['logs', id], { relativeTo: this.route, queryParamsHandling: 'preserve' });
    return origin + this.router.serializeUrl(tree);
  }
}
