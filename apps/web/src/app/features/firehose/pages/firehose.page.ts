import { hasModifierKey } from '@angular/cdk/keycodes';
import { ChangeDetectionStrategy, Component, computed, effect, inject, untracked, viewChild } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import { LOG_LEVELS, type LogLevel, type LogRecord } from '@logdesk/contracts';
import { CountPipe } from '../../../shared/format.pipes';
import { ColumnsMenuComponent } from '../../../shared/log-table/columns-menu.component';
import { ColumnsStore } from '../../../shared/log-table/columns.store';
import { LogTableComponent } from '../../../shared/log-table/log-table.component';
import { parseLevels } from '../../explorer/state/filter-state';
import { toggleItem } from '../../explorer/state/facets';
import { FirehoseStore } from '../services/firehose.store';

/** `/firehose`: the newest logs of every project as they arrive, filterable by level. */
@Component({
  selector: 'ld-firehose',
  changeDetection: ChangeDetectionStrategy.OnPush,
  providers: [FirehoseStore],
  imports: [CountPipe, ColumnsMenuComponent, LogTableComponent],
  host: { '(document:keydown)': 'onKeydown($event)' },
  template: `
    <div class="toolbar">
      <h1>Firehose</h1>
      <div class="levels" role="group" aria-label="Levels">
        @for (level of allLevels; track level) {
          <button
            type="button"
            [class]="'level-' + level"
            [attr.aria-pressed]="levels().includes(level)"
            (click)="toggleLevel(level)"
          >
            <span class="swatch"></span>{{ level }}
          </button>
        }
      </div>
      <button type="button" (click)="store.setPaused(!store.paused())" title="Pause or resume (p)">
        {{ store.paused() ? 'Resume' : 'Pause' }}
      </button>
      <span class="grow"></span>
      <ld-columns-menu />
    </div>
    @if (store.error(); as error) {
      <div class="error-banner notice" role="alert">{{ error }}</div>
    }
    <section class="results">
      @if (store.heldCount() > 0) {
        <button type="button" class="new-logs primary" (click)="showNew()">
          ↑ {{ store.heldCount() | ldCount }} new logs
        </button>
      }
      <ld-log-table
        [rows]="store.rows()"
        [showProject]="true"
        [columns]="columns.visibleSet()"
        (open)="open($event)"
        (scrolledAway)="store.setScrolledAway($event)"
      />
      @if (store.rows().length === 0 && !store.loading()) {
        <p class="empty">No logs yet. New logs from every project appear here as they arrive.</p>
      }
    </section>
  `,
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      height: 100%;
    }
    .toolbar {
      display: flex;
      gap: 10px;
      align-items: center;
      padding: 8px 12px;
      background: var(--surface);
      border-bottom: 1px solid var(--border);
      flex-wrap: wrap;
    }
    h1 {
      font-size: 1rem;
      margin: 0 8px 0 0;
    }
    .levels {
      display: flex;
      gap: 4px;
    }
    .levels button {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      text-transform: capitalize;
      font-size: 0.84rem;
    }
    .levels button[aria-pressed='true'] {
      background: color-mix(in srgb, var(--level-color) 14%, transparent);
      border-color: var(--level-color);
    }
    .swatch {
      width: 8px;
      height: 8px;
      border-radius: 2px;
      background: var(--level-color);
    }
    .grow {
      flex: 1;
    }
    .notice {
      margin: 6px 12px;
    }
    .results {
      position: relative;
      flex: 1;
      min-height: 0;
      display: flex;
      flex-direction: column;
    }
    .results ld-log-table {
      flex: 1;
    }
    .empty {
      position: absolute;
      inset: 60px 0 auto;
      text-align: center;
      color: var(--text-muted);
    }
  `,
})
export class FirehosePage {
  protected readonly store = inject(FirehoseStore);
  protected readonly columns = inject(ColumnsStore);
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);
  private readonly table = viewChild(LogTableComponent);
  private readonly queryParams = toSignal(this.route.queryParamMap, { requireSync: true });

  protected readonly allLevels = LOG_LEVELS;
  protected readonly levels = computed(() => parseLevels(this.queryParams().get('level')), {
    equal: (a, b) => a.join() === b.join(),
  });

  constructor() {
    effect(() => {
      const levels = this.levels();
      untracked(() => this.store.start(levels));
    });
  }

  protected toggleLevel(level: LogLevel): void {
    const levels = LOG_LEVELS.filter((l) => toggleItem(this.levels(), level).includes(l));
    void this.router.navigate([], { relativeTo: this.route, queryParams: { level: levels.join(',') || null } });
  }

  protected open(log: LogRecord): void {
    void this.router.navigate(['/projects', log.projectId, 'logs', log.id]);
  }

  protected showNew(): void {
    this.table()?.scrollToTop();
    this.store.setScrolledAway(false);
    this.store.setPaused(false);
  }

  protected onKeydown(event: KeyboardEvent): void {
    if (hasModifierKey(event, 'ctrlKey', 'metaKey', 'altKey')) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, .cdk-overlay-container')) return;
    if (event.key === 'p') this.store.setPaused(!this.store.paused());
  }
}
