import { ChangeDetectionStrategy, Component, computed, input, output, signal } from '@angular/core';
import { CountPipe } from '../../../shared/format.pipes';
import type { TagFacetView } from '../state/facets';
import type { TagClick } from '../../../shared/log-table/log-table.component';

/** Values shown before "+N more"; the stats answer at most 20 a key anyway. */
const VISIBLE_VALUES = 6;

/** One tag key with its values and counts; checking several values ORs them. */
@Component({
  selector: 'ld-tag-facet',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CountPipe],
  template: `
    @let facet = this.facet();
    <div class="key">
      <span class="name" [title]="facet.key">{{ facet.key }}</span>
      @if (facet.selectedCount > 0) {
        <span class="selected-count">{{ facet.selectedCount }}</span>
      }
    </div>
    @for (value of shown(); track value.value) {
      <label class="facet-option" [class.zero]="value.count === 0">
        <input
          type="checkbox"
          [checked]="value.selected"
          (change)="toggle.emit({ key: facet.key, value: value.value })"
        />
        <span class="facet-label" [title]="value.value">{{ value.value || '(empty)' }}</span>
        <span class="facet-count">{{ value.count | ldCount }}</span>
      </label>
    } @empty {
      <div class="none muted">No values in these results</div>
    }
    @if (hiddenCount() > 0) {
      <button type="button" class="ghost more" (click)="expanded.set(true)">+{{ hiddenCount() }} more</button>
    }
  `,
  styles: `
    :host {
      display: block;
      margin-bottom: 10px;
    }
    .key {
      display: flex;
      align-items: center;
      gap: 6px;
      font-weight: 600;
      font-size: 0.82rem;
      margin-bottom: 2px;
    }
    .name {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .selected-count {
      font-size: 0.7rem;
      background: var(--accent);
      color: var(--accent-contrast);
      border-radius: 8px;
      padding: 0 6px;
    }
    .more {
      font-size: 0.78rem;
      padding: 0 4px;
      color: var(--accent);
    }
    .none {
      font-size: 0.78rem;
      padding-left: 4px;
    }
  `,
})
export class TagFacetComponent {
  readonly facet = input.required<TagFacetView>();
  readonly toggle = output<TagClick>();
  protected readonly expanded = signal(false);

  protected readonly shown = computed(() => {
    const values = this.facet().values;
    if (this.expanded()) return values;
    // Selected values always stay visible, even past the cut.
    return values.filter((value, index) => index < VISIBLE_VALUES || value.selected);
  });
  protected readonly hiddenCount = computed(() => this.facet().values.length - this.shown().length);
}
