import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { LogLevel } from '@logdesk/contracts';

/** The coloured level label; colours come from `--level-*` so both themes stay readable. */
@Component({
  selector: 'ld-level-badge',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { '[class]': '"level-badge level-" + level()', '[attr.title]': 'level()' },
  template: `{{ level() }}`,
  styles: `
    :host {
      display: inline-block;
      min-width: 3.4em;
      text-align: center;
      font-size: 0.72rem;
      font-weight: 700;
      text-transform: uppercase;
      letter-spacing: 0.03em;
      padding: 1px 6px;
      border-radius: 4px;
      color: var(--level-color);
      background: color-mix(in srgb, var(--level-color) 16%, transparent);
      border: 1px solid color-mix(in srgb, var(--level-color) 35%, transparent);
      line-height: 1.4;
    }
  `,
})
export class LevelBadgeComponent {
  readonly level = input.required<LogLevel>();
}
