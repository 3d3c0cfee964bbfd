import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { RouterLink } from '@angular/router';
import { CountPipe, RelativeTimePipe, TimestampPipe } from '../../../shared/format.pipes';
import type { ProjectRow } from '../services/projects-overview.store';
import { SparklineComponent } from './sparkline.component';

/** One project on the home page: counts, last activity and a volume sparkline. */
@Component({
  selector: 'ld-project-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, CountPipe, RelativeTimePipe, TimestampPipe, SparklineComponent],
  template: `
    @let project = row().project;
    @let summary = row().summary;
    <a class="card" [routerLink]="['/projects', project.id]">
      <div class="name" [title]="project.id">{{ project.name }}</div>
      @if (summary) {
        <div class="counts">
          <span
            ><strong>{{ summary.total | ldCount }}</strong> logs</span
          >
          <span class="errors" [class.none]="summary.errors === 0">
            <strong>{{ summary.errors | ldCount }}</strong> errors
          </span>
        </div>
        <ld-sparkline [values]="summary.volume" />
        <div class="activity muted" [title]="summary.lastActivity | ldTimestamp">
          Last log {{ summary.lastActivity | ldRelative: now() }}
        </div>
      } @else {
        <div class="counts muted">Counting…</div>
      }
    </a>
  `,
  styles: `
    .card {
      display: grid;
      gap: 8px;
      padding: 14px 16px;
      border-radius: 10px;
      border: 1px solid var(--border);
      background: var(--surface);
      color: var(--text);
      text-decoration: none;
      min-height: 132px;
    }
    .card:hover {
      border-color: var(--accent);
    }
    .name {
      font-weight: 600;
      font-size: 1.05rem;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .counts {
      display: flex;
      gap: 16px;
      font-size: 0.9rem;
    }
    .errors {
      color: var(--level-error);
    }
    .errors.none {
      color: var(--text-muted);
    }
    .activity {
      font-size: 0.8rem;
    }
  `,
})
export class ProjectCardComponent {
  readonly row = input.required<ProjectRow>();
  /** Ticks so "3 min ago" stays true. */
  readonly now = input.required<number>();
}
