import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

/** A tiny volume-over-time line; SVG, so it costs nothing next to uPlot's canvas. */
@Component({
  selector: 'ld-sparkline',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <svg viewBox="0 0 100 24" preserveAspectRatio="none" aria-hidden="true">
      <path [attr.d]="area()" class="area" />
      <path [attr.d]="line()" class="line" />
    </svg>
  `,
  styles: `
    :host {
      display: block;
      height: 24px;
    }
    svg {
      width: 100%;
      height: 100%;
    }
    .line {
      fill: none;
      stroke: var(--accent);
      stroke-width: 1.2;
      vector-effect: non-scaling-stroke;
    }
    .area {
      fill: color-mix(in srgb, var(--accent) 14%, transparent);
    }
  `,
})
export class SparklineComponent {
  readonly values = input.required<readonly number[]>();

  private readonly points = computed(() => {
    const values = this.values();
    if (values.length === 0) return [] as [number, number][];
    const max = Math.max(1, ...values);
    const step = values.length > 1 ? 100 / (values.length - 1) : 100;
    return values.map((value, index): [number, number] => [index * step, 23 - (value / max) * 22]);
  });

  protected readonly line = computed(() =>
    this.points()
      .map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(2)},${y.toFixed(2)}`)
      .join(' '),
  );

  protected readonly area = computed(() => {
    const line = this.line();
    return line ? `${line} L100,24 L0,24 Z` : '';
  });
}
