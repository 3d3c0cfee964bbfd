import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal } from '@angular/core';
import { ProjectsOverviewStore } from '../services/projects-overview.store';
import { FirstLogHelpComponent } from '../components/first-log-help.component';
import { ProjectCardComponent } from '../components/project-card.component';

/** Counts go stale while the page is open; refreshing them every 30 s is cheap and enough. */
const REFRESH_MS = 30_000;

/** `/`: every project, grouped by workspace, or how to send a first log. */
@Component({
  selector: 'ld-projects-home',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [FirstLogHelpComponent, ProjectCardComponent],
  template: `
    <div class="page">
      @if (store.error(); as error) {
        <div class="error-banner" role="alert">
          Could not load projects: {{ error }} <button type="button" (click)="store.load()">Retry</button>
        </div>
      }
      @if (store.loaded() && store.projectCount() === 0) {
        <ld-first-log-help />
      } @else {
        @for (group of store.groups(); track group.workspace.id) {
          <section class="workspace">
            <h2>
              {{ group.workspace.name }} <span class="muted">{{ group.projects.length }}</span>
            </h2>
            <div class="grid">
              @for (row of group.projects; track row.project.id) {
                <ld-project-card [row]="row" [now]="now()" />
              }
            </div>
          </section>
        } @empty {
          @if (store.loading()) {
            <p class="muted">Loading projects…</p>
          }
        }
      }
    </div>
  `,
  styles: `
    .page {
      padding: 16px 24px 32px;
      max-width: 1400px;
      margin: 0 auto;
    }
    h2 {
      font-size: 1rem;
      margin: 20px 0 10px;
    }
    h2 .muted {
      font-weight: 400;
    }
    .grid {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
      gap: 12px;
    }
  `,
})
export class ProjectsHomePage {
  protected readonly store = inject(ProjectsOverviewStore);
  protected readonly now = signal(Date.now());

  constructor() {
    this.store.load();
    const timer = setInterval(() => {
      this.now.set(Date.now());
      this.store.refreshSummaries();
    }, REFRESH_MS);
    inject(DestroyRef).onDestroy(() => clearInterval(timer));
  }
}
