import { Injectable, computed, inject, signal } from '@angular/core';
import { DEFAULT_WORKSPACE, type LogLevel, type Project, type Workspace } from '@logdesk/contracts';
import { type Subscription, catchError, forkJoin, from, map, mergeMap, of } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { LiveSocketService } from '../../../core/live/live-socket.service';

export interface ProjectSummary {
  total: number;
  /** error + fatal: what someone scanning the home page wants to notice. */
  errors: number;
  byLevel: Record<LogLevel, number>;
  /** Timestamp of the newest log, null when the project has none. */
  lastActivity: number | null;
  /** Logs per histogram bin over the project's lifetime, for the sparkline. */
  volume: number[];
}

export interface ProjectRow {
  project: Project;
  summary: ProjectSummary | null;
}

export interface WorkspaceGroup {
  workspace: Workspace;
  projects: ProjectRow[];
}

/** Stats requests in flight at once; a home page with 200 projects must not flood the server. */
const SUMMARY_CONCURRENCY = 4;

/** Projects grouped by workspace with their counts; kept across visits so the home page is instant. */
@Injectable({ providedIn: 'root' })
export class ProjectsOverviewStore {
  private readonly api = inject(LogdeskApi);
  private readonly live = inject(LiveSocketService);

  private readonly workspaces = signal<Workspace[]>([]);
  private readonly projects = signal<Project[]>([]);
  private readonly summaries = signal<ReadonlyMap<string, ProjectSummary>>(new Map());
  private readonly loadingSignal = signal(false);
  private readonly loadedSignal = signal(false);
  private readonly errorSignal = signal<string | null>(null);
  private loadSubscription: Subscription | null = null;
  private summarySubscription: Subscription | null = null;

  readonly loading = this.loadingSignal.asReadonly();
  /** The first load finished (so an empty list means "no projects", not "not yet"). */
  readonly loaded = this.loadedSignal.asReadonly();
  readonly error = this.errorSignal.asReadonly();
  readonly projectCount = computed(() => this.projects().length);

  readonly groups = computed<WorkspaceGroup[]>(() => {
    const summaries = this.summaries();
    const byWorkspace = new Map<string, ProjectRow[]>();
    for (const project of this.projects()) {
      const rows = byWorkspace.get(project.workspaceId) ?? [];
      rows.push({ project, summary: summaries.get(project.id) ?? null });
      byWorkspace.set(project.workspaceId, rows);
    }
    const known = new Map(this.workspaces().map((workspace) => [workspace.id, workspace]));
    const order = [...known.keys()];
    const rank = (id: string): number => (order.includes(id) ? order.indexOf(id) : order.length);
    return [...byWorkspace.entries()]
      .map(([id, projects]) => ({
        // A project can name a workspace the list does not have yet (created a moment ago).
        workspace: known.get(id) ?? {
          id,
          name: id === DEFAULT_WORKSPACE.id ? DEFAULT_WORKSPACE.name : id,
          createdAt: '',
        },
        projects,
      }))
      .sort((a, b) => rank(a.workspace.id) - rank(b.workspace.id));
  });

  constructor() {
    // New projects appear without a reload; their counts follow with the next refresh.
    this.live.projectCreated$.subscribe((project) => {
      if (this.projects().some((known) => known.id === project.id)) return;
      this.projects.update((projects) => [...projects, project]);
      this.loadSummaries([project]);
    });
  }

  load(): void {
    this.live.connect();
    this.loadSubscription?.unsubscribe();
    this.loadingSignal.set(true);
    this.loadSubscription = forkJoin([this.api.workspaces(), this.api.projects()]).subscribe({
      next: ([workspaces, projects]) => {
        this.workspaces.set(workspaces);
        this.projects.set(projects);
        this.errorSignal.set(null);
        this.loadingSignal.set(false);
        this.loadedSignal.set(true);
        this.loadSummaries(projects);
      },
      error: (error: unknown) => {
        this.errorSignal.set(errorMessage(error));
        this.loadingSignal.set(false);
      },
    });
  }

  /** Counts again for every project (the page refreshes them on a timer). */
  refreshSummaries(): void {
    if (!this.loadingSignal()) this.loadSummaries(this.projects());
  }

  private loadSummaries(projects: Project[]): void {
    if (projects.length > 1) this.summarySubscription?.unsubscribe();
    const work = from(projects).pipe(
      mergeMap(
        (project) =>
          forkJoin({
            stats: this.api.stats({ projectId: project.id, buckets: 24 }),
            newest: this.api.logs({ projectId: project.id, limit: 1 }),
          }).pipe(
            map(({ stats, newest }) => ({
              id: project.id,
              summary: {
                total: stats.total,
                errors: (stats.byLevel.error ?? 0) + (stats.byLevel.fatal ?? 0),
                byLevel: stats.byLevel,
                lastActivity: newest.logs[0]?.timestamp ?? null,
                volume: stats.histogram.map((bin) => Object.values(bin.counts).reduce((sum, n) => sum + (n ?? 0), 0)),
              } satisfies ProjectSummary,
            })),
            // One project's failure must not blank the others.
            catchError(() => of(null)),
          ),
        SUMMARY_CONCURRENCY,
      ),
    );
    const subscription = work.subscribe((result) => {
      if (!result) return;
      this.summaries.update((all) => new Map(all).set(result.id, result.summary));
    });
    if (projects.length > 1) this.summarySubscription = subscription;
  }
}
