import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  afterNextRender,
  computed,
  effect,
  inject,
  input,
  output,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import { LOG_LEVELS, type HistogramBin, type LogLevel, type StatsResponse } from '@logdesk/contracts';
import type uPlot from 'uplot';
import { WINDOW } from '../../../core/browser/browser-tokens';
import { ThemeService } from '../../../core/theme/theme.service';
import { formatTimestamp } from '../../../shared/format-time';
import { CountPipe } from '../../../shared/format.pipes';

const HEIGHT = 96;
/** Stack order bottom to top: the severe levels sit on the axis where they are easy to spot. */
const STACK: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug'];

export interface ZoomRange {
  since: number;
  until: number;
}

/**
 * Log volume over the range, stacked by level (uPlot bars). Dragging across it selects a
 * narrower range. uPlot is loaded on first use so it stays out of the initial bundle.
 */
@Component({
  selector: 'ld-volume-histogram',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CountPipe],
  template: `
    <div class="readout">
      @if (hovered(); as bin) {
        <span class="muted">{{ binLabel(bin) }}</span>
        @for (level of levels; track level) {
          @if (bin.counts[level]) {
            <span [class]="'level-' + level"
              ><span class="swatch"></span>{{ bin.counts[level] | ldCount }} {{ level }}</span
            >
          }
        }
      } @else if (stats(); as stats) {
        <span
          ><strong>{{ stats.total | ldCount }}</strong> logs</span
        >
        <span class="muted">Drag across the chart to zoom in</span>
      }
    </div>
    <div #chart class="chart" (mouseleave)="hovered.set(null)"></div>
    @if (stats() && stats()!.total === 0) {
      <div class="empty muted">No logs in this range</div>
    }
  `,
  styles: `
    :host {
      display: block;
      position: relative;
      padding: 4px 12px 0;
      background: var(--surface);
      border-bottom: 1px solid var(--border);
    }
    .readout {
      display: flex;
      gap: 14px;
      align-items: center;
      font-size: 0.78rem;
      height: 18px;
    }
    .readout .swatch {
      display: inline-block;
      width: 8px;
      height: 8px;
      border-radius: 2px;
      margin-right: 4px;
      background: var(--level-color);
    }
    .chart {
      height: ${HEIGHT}px;
    }
    .empty {
      position: absolute;
      inset: 22px 0 0;
      display: grid;
      place-items: center;
      font-size: 0.85rem;
      pointer-events: none;
    }
  `,
})
export class VolumeHistogramComponent {
  readonly stats = input<StatsResponse | null>(null);
  readonly zoom = output<ZoomRange>();

  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef);
  private readonly window = inject(WINDOW);
  private readonly theme = inject(ThemeService);
  private readonly chart = viewChild.required<ElementRef<HTMLDivElement>>('chart');
  private readonly uplotClass = signal<typeof uPlot | null>(null);
  private plot: uPlot | null = null;

  protected readonly levels = LOG_LEVELS;
  protected readonly hovered = signal<HistogramBin | null>(null);
  private readonly bins = computed(() => this.stats()?.histogram ?? []);

  constructor() {
    const destroyRef = inject(DestroyRef);
    afterNextRender(() => {
      void import('uplot').then((module) => this.uplotClass.set(module.default));
      if (!this.window.ResizeObserver) return;
      const observer = new this.window.ResizeObserver(() =>
        this.plot?.setSize({ width: this.width(), height: HEIGHT }),
      );
      observer.observe(this.host.nativeElement);
      destroyRef.onDestroy(() => observer.disconnect());
    });
    // Rebuilt on new data or theme: canvas colours are resolved once per build.
    effect(() => {
      const UPlot = this.uplotClass();
      const bins = this.bins();
      this.theme.theme();
      if (UPlot) untracked(() => this.render(UPlot, bins));
    });
    destroyRef.onDestroy(() => this.plot?.destroy());
  }

  protected binLabel(bin: HistogramBin): string {
    return `${formatTimestamp(bin.start).slice(5, 19)} – ${formatTimestamp(bin.end).slice(11, 19)}`;
  }

  private width(): number {
    return Math.max(100, this.chart().nativeElement.clientWidth);
  }

  private render(UPlot: typeof uPlot, bins: HistogramBin[]): void {
    this.plot?.destroy();
    this.plot = null;
    if (bins.length === 0) return;
    const x = bins.map((bin) => (bin.start + bin.end) / 2);
    // Logs sharing one timestamp give zero-width bins; widen the axis so the bars stay visible.
    const pad = Math.max(0, 60_000 - (bins[bins.length - 1].end - bins[0].start)) / 2;
    const [from, to] = [bins[0].start - pad, bins[bins.length - 1].end + pad];
    // Each series is the running total up to its level; drawn largest first, they read as a stack.
    let running = bins.map(() => 0);
    const cumulative = STACK.map((level) => (running = running.map((sum, i) => sum + (bins[i].counts[level] ?? 0))));
    const order = [...STACK.keys()].reverse();
    const colour = (name: string): string => this.resolveColour(`var(--${name})`);
    const muted = colour('text-muted');
    const grid = colour('border');
    const options: uPlot.Options = {
      width: this.width(),
      height: HEIGHT,
      ms: 1,
      legend: { show: false },
      padding: [6, 4, 0, 0],
      cursor: { drag: { x: true, y: false, setScale: false }, points: { show: false } },
      scales: { x: { time: true, range: () => [from, to] } },
      axes: [
        { stroke: muted, grid: { show: false }, ticks: { stroke: grid }, size: 24, font: '11px system-ui' },
        { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { show: false }, size: 40, font: '11px system-ui' },
      ],
      series: [
        {},
        ...order.map((index) => ({
          label: STACK[index],
          fill: colour(`level-${STACK[index]}`),
          stroke: colour(`level-${STACK[index]}`),
          width: 0,
          paths: UPlot.paths.bars!({ size: [0.86, Infinity, 3], gap: 1 }),
          points: { show: false },
        })),
      ],
      hooks: {
        setCursor: [(plot) => this.hovered.set(plot.cursor.idx == null ? null : (bins[plot.cursor.idx] ?? null))],
        setSelect: [
          (plot) => {
            const { left, width } = plot.select;
            if (width > 3) {
              const since = Math.floor(plot.posToVal(left, 'x'));
              const until = Math.ceil(plot.posToVal(left + width, 'x'));
              // A one-second window is the narrowest range worth querying.
              if (until - since >= 1000) this.zoom.emit({ since, until });
            }
            plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          },
        ],
      },
    };
    this.plot = new UPlot(options, [x, ...order.map((index) => cumulative[index])], this.chart().nativeElement);
  }

  /** Canvas needs concrete colours; CSS custom properties (light-dark()) resolve on an element. */
  private resolveColour(value: string): string {
    const probe = this.window.document.createElement('span');
    probe.style.color = value;
    probe.style.display = 'none';
    this.host.nativeElement.appendChild(probe);
    const resolved = this.window.getComputedStyle(probe).color;
    probe.remove();
    return resolved || '#888';
  }
}
