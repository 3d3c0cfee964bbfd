import { CdkVirtualScrollViewport, ScrollingModule } from '@angular/cdk/scrolling';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  afterNextRender,
  computed,
  inject,
  input,
  output,
  viewChild,
} from '@angular/core';
import type { LogRecord } from '@logdesk/contracts';
import { WINDOW } from '../../core/browser/browser-tokens';
import { RowTimePipe, TimestampPipe } from '../format.pipes';
import { HighlightComponent } from '../highlight.component';
import { LevelBadgeComponent } from '../level-badge.component';
import {
  COLUMN_LABELS,
  OPTIONAL_COLUMNS,
  type OptionalColumn,
  columnText,
  gridTemplate,
  tagEntries,
} from './log-columns';

export const ROW_HEIGHT = 28;
/** Load the next page this many rows before the end, so scrolling rarely waits. */
const LOAD_AHEAD_ROWS = 40;
/** A message preview longer than a screen is never visible; 256 KiB messages stay cheap. */
const PREVIEW_CHARS = 400;

export interface TagClick {
  key: string;
  value: string;
}

/**
 * The log list: CDK virtual scrolling (a fixed row height, so 5,000 rows cost ~40 DOM rows),
 * infinite scroll through `loadMore`, and `scrolledAway` for live auto-pause.
 */
@Component({
  selector: 'ld-log-table',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ScrollingModule, LevelBadgeComponent, HighlightComponent, RowTimePipe, TimestampPipe],
  templateUrl: './log-table.component.html',
  styleUrl: './log-table.component.css',
})
export class LogTableComponent {
  readonly rows = input.required<readonly LogRecord[]>();
  readonly search = input<string>('');
  readonly columns = input<ReadonlySet<OptionalColumn>>(new Set<OptionalColumn>());
  readonly showProject = input(false);
  readonly selectedId = input<number | null>(null);
  readonly cursorId = input<number | null>(null);
  readonly hasMore = input(false);
  readonly loading = input(false);

  readonly open = output<LogRecord>();
  readonly loadMore = output<void>();
  readonly scrolledAway = output<boolean>();
  readonly tagClick = output<TagClick>();

  private readonly viewport = viewChild.required(CdkVirtualScrollViewport);
  private away = false;

  protected readonly rowHeight = ROW_HEIGHT;
  protected readonly labels = COLUMN_LABELS;
  protected readonly template = computed(() => gridTemplate(this.showProject(), this.columns()));
  protected readonly optionalColumns = computed(() => OPTIONAL_COLUMNS.filter((column) => this.columns().has(column)));
  protected readonly columnText = columnText;
  protected readonly tagEntries = tagEntries;

  constructor() {
    const window = inject(WINDOW);
    const destroyRef = inject(DestroyRef);
    // The CDK only re-measures on window resize; panels opening or the chart loading resize us too.
    afterNextRender(() => {
      if (!window.ResizeObserver) return;
      const observer = new window.ResizeObserver(() => this.viewport().checkViewportSize());
      observer.observe(this.viewport().elementRef.nativeElement);
      destroyRef.onDestroy(() => observer.disconnect());
    });
  }

  protected trackById(_index: number, log: LogRecord): number {
    return log.id;
  }

  protected preview(message: string): string {
    return message.length > PREVIEW_CHARS ? `${message.slice(0, PREVIEW_CHARS)}…` : message;
  }

  /**
   * Driven by the first visible row rather than every scroll event: reading the scroll offset in a
   * scroll handler forced a layout per event, and each listener call re-checked the whole table.
   */
  protected onFirstVisibleRow(index: number): void {
    const away = index > 0;
    if (away !== this.away) {
      this.away = away;
      this.scrolledAway.emit(away);
    }
    this.checkNearEnd();
  }

  protected checkNearEnd(): void {
    if (!this.hasMore() || this.loading()) return;
    if (this.viewport().getRenderedRange().end >= this.rows().length - LOAD_AHEAD_ROWS) this.loadMore.emit();
  }

  protected onTag(event: Event, [key, value]: [string, string]): void {
    event.stopPropagation();
    this.tagClick.emit({ key, value });
  }

  scrollToTop(): void {
    this.viewport().scrollToOffset(0);
  }

  /** Brings a row into view (j/k) without jumping when it is already visible. */
  revealRow(id: number): void {
    const index = this.rows().findIndex((log) => log.id === id);
    if (index === -1) return;
    const viewport = this.viewport();
    const top = viewport.measureScrollOffset('top');
    const height = viewport.getViewportSize();
    const rowTop = index * ROW_HEIGHT;
    if (rowTop < top) viewport.scrollToOffset(rowTop);
    else if (rowTop + ROW_HEIGHT > top + height) viewport.scrollToOffset(rowTop + ROW_HEIGHT - height);
  }
}
