import { OverlayModule } from '@angular/cdk/overlay';
import { ChangeDetectionStrategy, Component, computed, input, output, signal } from '@angular/core';
import { formatTimestamp } from '../../../shared/format-time';
import { RANGE_PRESETS, type RangePreset, type TimeRange } from '../state/time-range';

const PRESET_LABELS: Record<RangePreset, string> = {
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '6h': '6h',
  '24h': '24h',
  '7d': '7d',
  all: 'All',
};

/** `datetime-local` speaks local `YYYY-MM-DDTHH:mm`. */
const toInputValue = (ms: number | null): string =>
  ms === null ? '' : formatTimestamp(ms).slice(0, 16).replace(' ', 'T');
const fromInputValue = (value: string): number | null => {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
};

/** Quick ranges plus a custom from/to in a CDK overlay. */
@Component({
  selector: 'ld-time-range-picker',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [OverlayModule],
  template: `
    <div class="presets" role="group" aria-label="Time range">
      @for (preset of presets; track preset) {
        <button
          type="button"
          [attr.aria-pressed]="isActive(preset)"
          (click)="rangeChange.emit({ kind: 'preset', preset })"
        >
          {{ labels[preset] }}
        </button>
      }
      <button
        type="button"
        cdkOverlayOrigin
        #origin="cdkOverlayOrigin"
        [attr.aria-pressed]="range().kind === 'custom'"
        [attr.aria-expanded]="open()"
        (click)="toggleCustom()"
      >
        {{ customLabel() }}
      </button>
    </div>
    <ng-template
      cdkConnectedOverlay
      [cdkConnectedOverlayOrigin]="origin"
      [cdkConnectedOverlayOpen]="open()"
      (overlayOutsideClick)="open.set(false)"
      (detach)="open.set(false)"
      (overlayKeydown)="$event.key === 'Escape' && open.set(false)"
    >
      <form class="menu custom" (submit)="apply($event)">
        <label
          >From <input type="datetime-local" [value]="since()" (input)="since.set($any($event.target).value)"
        /></label>
        <label
          >To <input type="datetime-local" [value]="until()" (input)="until.set($any($event.target).value)"
        /></label>
        <p class="muted">Leave “To” empty to keep receiving new logs.</p>
        <div class="actions">
          <button type="button" class="ghost" (click)="open.set(false)">Cancel</button>
          <button type="submit" class="primary" [disabled]="!since() && !until()">Apply</button>
        </div>
      </form>
    </ng-template>
  `,
  styles: `
    .presets {
      display: inline-flex;
    }
    .presets button {
      border-radius: 0;
      margin-left: -1px;
      padding: 4px 8px;
      font-size: 0.84rem;
    }
    .presets button:first-child {
      border-radius: 6px 0 0 6px;
      margin-left: 0;
    }
    .presets button:last-child {
      border-radius: 0 6px 6px 0;
      max-width: 280px;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .custom {
      padding: 12px;
      gap: 8px;
    }
    .custom label {
      display: grid;
      gap: 2px;
      font-size: 0.84rem;
    }
    .custom p {
      font-size: 0.78rem;
      margin: 0;
    }
    .actions {
      display: flex;
      justify-content: flex-end;
      gap: 6px;
    }
  `,
})
export class TimeRangePickerComponent {
  readonly range = input.required<TimeRange>();
  readonly rangeChange = output<TimeRange>();

  protected readonly presets = RANGE_PRESETS;
  protected readonly labels = PRESET_LABELS;
  protected readonly open = signal(false);
  protected readonly since = signal('');
  protected readonly until = signal('');

  protected readonly customLabel = computed(() => {
    const range = this.range();
    if (range.kind !== 'custom') return 'Custom…';
    const from = range.since === null ? '…' : formatTimestamp(range.since).slice(5, 16);
    const to = range.until === null ? 'now' : formatTimestamp(range.until).slice(5, 16);
    return `${from} → ${to}`;
  });

  protected isActive(preset: RangePreset): boolean {
    const range = this.range();
    return range.kind === 'preset' && range.preset === preset;
  }

  protected toggleCustom(): void {
    const range = this.range();
    const now = Date.now();
    this.since.set(toInputValue(range.kind === 'custom' ? range.since : now - 3_600_000));
    this.until.set(toInputValue(range.kind === 'custom' ? range.until : null));
    this.open.update((open) => !open);
  }

  protected apply(event: Event): void {
    event.preventDefault();
    const since = fromInputValue(this.since());
    const until = fromInputValue(this.until());
    if (since === null && until === null) return;
    this.rangeChange.emit({ kind: 'custom', since, until });
    this.open.set(false);
  }
}
