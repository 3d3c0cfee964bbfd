import { ChangeDetectionStrategy, Component, computed, input, output, signal } from '@angular/core';
import type { LogLevel } from '@logdesk/contracts';
import { CountPipe } from '../../../shared/format.pipes';
import type { TagClick } from '../../../shared/log-table/log-table.component';
import { type FacetValue, type LevelFacet, type TagFacetView, splitInline } from '../state/facets';
import { TagFacetComponent } from './tag-facet.component';

/** Tag keys shown without opening "more keys": the most used ones. */
const INLINE_TAG_KEYS = 5;
const VISIBLE_BUCKETS = 8;

/** Level toggles, bucket multi-select and tag facets, each with counts under the current filters. */
@Component({
  selector: 'ld-filter-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CountPipe, TagFacetComponent],
  templateUrl: './filter-panel.component.html',
  styleUrl: './filter-panel.component.css',
})
export class FilterPanelComponent {
  readonly levels = input.required<LevelFacet[]>();
  readonly buckets = input.required<FacetValue[]>();
  readonly tags = input.required<TagFacetView[]>();
  readonly filtered = input(false);

  readonly levelToggle = output<LogLevel>();
  readonly bucketToggle = output<string>();
  readonly tagToggle = output<TagClick>();
  readonly clearAll = output<void>();

  protected readonly showAllBuckets = signal(false);
  protected readonly showMoreKeys = signal(false);

  protected readonly split = computed(() => splitInline(this.tags(), INLINE_TAG_KEYS));
  protected readonly shownBuckets = computed(() => {
    const buckets = this.buckets();
    if (this.showAllBuckets()) return buckets;
    return buckets.filter((bucket, index) => index < VISIBLE_BUCKETS || bucket.selected);
  });
  protected readonly hiddenBuckets = computed(() => this.buckets().length - this.shownBuckets().length);
}
