import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { highlightSegments } from './highlight';

/** Text with the search matches marked; plain text nodes, so log content never becomes HTML. */
@Component({
  selector: 'ld-highlight',
  changeDetection: ChangeDetectionStrategy.OnPush,
  // Every segment is an element: whitespace around a bare text segment would show up in the log.
  template: `
    @for (segment of segments(); track $index) {
      @if (segment.match) {
        <mark>{{ segment.text }}</mark>
      } @else {
        <span>{{ segment.text }}</span>
      }
    }
  `,
  styles: `
    mark {
      background: var(--mark-bg);
      color: inherit;
      border-radius: 2px;
    }
  `,
})
export class HighlightComponent {
  readonly text = input.required<string>();
  readonly query = input<string | null>(null);
  protected readonly segments = computed(() => highlightSegments(this.text(), this.query()));
}
