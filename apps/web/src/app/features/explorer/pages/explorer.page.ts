import { hasModifierKey } from '@angular/cdk/keycodes';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  computed,
  effect,
  inject,
  linkedSignal,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import { rxResource } from '@angular/core/rxjs-interop';
import { Title } from '@angular/platform-browser';
import type { LogLevel } from '@logdesk/contracts';
import { of } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { LOCATION } from '../../../core/browser/browser-tokens';
import { LiveSocketService } from '../../../core/live/live-socket.service';
import { CountPipe } from '../../../shared/format.pipes';
import { ColumnsMenuComponent } from '../../../shared/log-table/columns-menu.component';
import { ColumnsStore } from '../../../shared/log-table/columns.store';
import { LogTableComponent, type TagClick } from '../../../shared/log-table/log-table.component';
import { ExportMenuComponent } from '../components/export-menu.component';
import { FilterPanelComponent } from '../components/filter-panel.component';
import { type DetailFilter, LogDetailPanelComponent } from '../components/log-detail-panel.component';
import { SavedViewsMenuComponent } from '../components/saved-views-menu.component';
import { TimeRangePickerComponent } from '../components/time-range-picker.component';
import { VolumeHistogramComponent, type ZoomRange } from '../components/volume-histogram.component';
import { ExplorerStatsStore } from '../services/explorer-stats.store';
import { ExplorerUrlState } from '../services/explorer-url.state';
import { LogStreamStore } from '../services/log-stream.store';
import { ProjectMetaStore } from '../services/project-meta.store';
import { type SavedView, SavedViewsStore } from '../services/saved-views.store';
import { bucketFacets, levelFacets, onlyTagValue, tagFacets, toggleItem, toggleTagValue } from '../state/facets';
import { hasNarrowingFilters, sameQuery } from '../state/filter-state';
import type { TimeRange } from '../state/time-range';

/** Typing in the search box updates the URL (and the query) after this pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** `/projects/:projectId[/logs/:logId]`: the log explorer. */
@Component({
  selector: 'ld-explorer',
  changeDetection: ChangeDetectionStrategy.OnPush,
  // Scoped to the page: they hold one project's rows and live subscription and end with it.
  providers: [ExplorerUrlState, ProjectMetaStore, LogStreamStore, ExplorerStatsStore, SavedViewsStore],
  imports: [
    CountPipe,
    ColumnsMenuComponent,
    ExportMenuComponent,
    FilterPanelComponent,
    LogDetailPanelComponent,
    LogTableComponent,
    SavedViewsMenuComponent,
    TimeRangePickerComponent,
    VolumeHistogramComponent,
  ],
  templateUrl: './explorer.page.html',
  styleUrl: './explorer.page.css',
  host: { '(document:keydown)': 'onKeydown($event)' },
})
export class ExplorerPage {
  protected readonly url = inject(ExplorerUrlState);
  protected readonly meta = inject(ProjectMetaStore);
  protected readonly stream = inject(LogStreamStore);
  protected readonly statsStore = inject(ExplorerStatsStore);
  protected readonly columns = inject(ColumnsStore);
  protected readonly connection = inject(LiveSocketService).state;
  private readonly api = inject(LogdeskApi);
  private readonly views = inject(SavedViewsStore);
  private readonly location = inject(LOCATION);

  private readonly table = viewChild(LogTableComponent);
  private readonly searchInput = viewChild<ElementRef<HTMLInputElement>>('searchInput');

  protected readonly projectId = this.url.projectId;
  protected readonly filters = this.url.filters;
  protected readonly stats = this.statsStore.stats;
  protected readonly cursorId = signal<number | null>(null);
  /** What the search box shows: follows the URL, runs ahead of it while the user types. */
  protected readonly searchDraft = linkedSignal(() => this.filters().search);
  private searchTimer: ReturnType<typeof setTimeout> | null = null;

  protected readonly levelFacets = computed(() => levelFacets(this.stats()?.byLevel, this.filters().levels));
  protected readonly bucketFacets = computed(() =>
    bucketFacets(this.stats()?.byBucket, this.meta.buckets(), this.filters().buckets),
  );
  protected readonly tagFacets = computed(() => tagFacets(this.stats()?.tags, this.meta.tags(), this.filters().tags));
  protected readonly narrowed = computed(() => hasNarrowingFilters(this.filters()));

  /** The project and query the rows belong to; live on/off alone does not reload anything. */
  private readonly queryKey = computed(() => ({ projectId: this.projectId(), filters: this.filters() }), {
    equal: (a, b) => a.projectId === b.projectId && sameQuery(a.filters, b.filters),
  });

  protected readonly selectedLog = rxResource({
    params: () => this.url.selectedLogId() ?? undefined,
    // A row already on screen opens at once; a pasted link fetches its log.
    stream: ({ params: id }) => {
      const shown = untracked(() => this.stream.rows().find((log) => log.id === id));
      return shown ? of(shown) : this.api.log(id);
    },
  });
  protected readonly selectedError = computed(() => {
    const error = this.selectedLog.error();
    return error ? errorMessage(error) : null;
  });
  protected readonly selectedLink = computed(() => {
    const id = this.url.selectedLogId();
    return id === null ? '' : this.url.logUrl(id, this.location.origin);
  });

  constructor() {
    const title = inject(Title);
    effect(() => {
      const projectId = this.projectId();
      untracked(() => {
        this.meta.load(projectId);
        this.views.load(projectId);
      });
    });
    effect(() => title.setTitle(`${this.meta.projectName()} · Logdesk`));
    effect(() => {
      const { projectId, filters } = this.queryKey();
      untracked(() => {
        this.stream.reset(projectId, filters);
        this.statsStore.load(projectId, filters);
        this.cursorId.set(null);
        // New results start at the newest log, which is also where live updates show.
        this.table()?.scrollToTop();
      });
    });
    effect(() => {
      const paused = !this.filters().live;
      untracked(() => this.stream.setUserPaused(paused));
    });
    effect(() => {
      // Counts and histogram follow the live stream (throttled inside the store).
      if (this.stream.received() > 0) untracked(() => this.statsStore.refreshSoon());
    });
    // The cursor follows the open log, so j/k continue from it.
    effect(() => {
      const id = this.url.selectedLogId();
      if (id !== null) untracked(() => this.cursorId.set(id));
    });
    inject(DestroyRef).onDestroy(() => this.searchTimer && clearTimeout(this.searchTimer));
  }

  protected onSearchInput(value: string): void {
    this.searchDraft.set(value);
    if (this.searchTimer) clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => this.commitSearch(), SEARCH_DEBOUNCE_MS);
  }

  protected commitSearch(): void {
    if (this.searchTimer) clearTimeout(this.searchTimer);
    this.searchTimer = null;
    if (this.searchDraft() !== this.filters().search)
      this.url.update({ search: this.searchDraft() }, { replaceUrl: true });
  }

  protected toggleLevel(level: LogLevel): void {
    this.url.update({ levels: toggleItem(this.filters().levels, level) });
  }

  protected toggleBucket(bucket: string): void {
    this.url.update({ buckets: toggleItem(this.filters().buckets, bucket) });
  }

  protected toggleTag({ key, value }: TagClick): void {
    this.url.update({ tags: toggleTagValue(this.filters().tags, key, value) });
  }

  protected setRange(range: TimeRange): void {
    this.url.update({ range });
  }

  protected zoom({ since, until }: ZoomRange): void {
    this.url.update({ range: { kind: 'custom', since, until } });
  }

  protected applyView(view: SavedView): void {
    this.url.setFilters({ ...view.filters, live: this.filters().live });
  }

  protected filterFromDetail(filter: DetailFilter): void {
    if (filter.field === 'tag') this.url.update({ tags: onlyTagValue(this.filters().tags, filter.key, filter.value) });
    else if (filter.field === 'bucket') this.url.update({ buckets: [filter.value] });
    else this.url.update({ [filter.field]: filter.value });
  }

  protected clearField(field: 'traceId' | 'userId' | 'sessionId' | 'search'): void {
    this.url.update(field === 'search' ? { search: '' } : { [field]: null });
  }

  protected toggleLive(): void {
    this.url.update({ live: !this.filters().live }, { replaceUrl: true });
  }

  /** The "N new logs" pill: back to the top, which releases the held rows. */
  protected showNewLogs(): void {
    this.table()?.scrollToTop();
    this.stream.setScrolledAway(false);
    if (!this.filters().live) this.url.update({ live: true }, { replaceUrl: true });
  }

  protected onKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented || hasModifierKey(event, 'ctrlKey', 'metaKey', 'altKey')) return;
    const target = event.target instanceof Element ? event.target : null;
    // Dialogs and menus (CDK overlays) handle their own keys.
    if (target?.closest('.cdk-overlay-container')) return;
    const typing = !!target?.closest('input, textarea, select, [contenteditable="true"]');
    if (event.key === 'Escape') {
      if (typing) (target as HTMLElement).blur();
      else if (this.url.selectedLogId() !== null) this.url.closeLog();
      return;
    }
    if (typing) return;
    switch (event.key) {
      case '/':
        event.preventDefault();
        this.searchInput()?.nativeElement.focus();
        this.searchInput()?.nativeElement.select();
        break;
      case 'j':
        this.moveCursor(1);
        break;
      case 'k':
        this.moveCursor(-1);
        break;
      case 'Enter':
        if (target?.closest('button, a')) return;
        if (this.cursorId() !== null) this.url.openLog(this.cursorId()!);
        break;
      case 'p':
        this.toggleLive();
        break;
    }
  }

  private moveCursor(delta: number): void {
    const rows = this.stream.rows();
    if (rows.length === 0) return;
    const current = rows.findIndex((log) => log.id === this.cursorId());
    const next = current === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, current + delta));
    const id = rows[next].id;
    this.cursorId.set(id);
    this.table()?.revealRow(id);
    if (this.url.selectedLogId() !== null) this.url.openLog(id, { replaceUrl: true });
    if (next >= rows.length - 20) this.stream.loadMore();
  }
}
