import { Injectable, computed, inject, signal } from '@angular/core';
import { rxResource } from '@angular/core/rxjs-interop';
import type { Project, SavedFilter, TagFacet } from '@logdesk/contracts';
import { catchError, forkJoin, map, of } from 'rxjs';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';

interface ProjectMeta {
  project: Project | null;
  bucketNames: string[];
  tags: TagFacet[];
  savedFilters: SavedFilter[];
}

const EMPTY_META: ProjectMeta = { project: null, bucketNames: [], tags: [], savedFilters: [] };

/** What the explorer knows about its project: name, bucket and tag lists, server saved views. */
@Injectable()
export class ProjectMetaStore {
  private readonly api = inject(LogdeskApi);
  private readonly projectId = signal<string | null>(null);

  private readonly meta = rxResource({
    params: () => this.projectId() ?? undefined,
    defaultValue: EMPTY_META,
    stream: ({ params: projectId }) =>
      forkJoin({
        // A project that has no logs yet answers 404; the explorer still opens (and goes live).
        project: this.api.project(projectId).pipe(catchError(() => of(null))),
        bucketNames: this.api.buckets(projectId).pipe(
          map((buckets) => buckets.map((bucket) => bucket.name)),
          catchError(() => of([])),
        ),
        tags: this.api.tags(projectId).pipe(catchError(() => of([]))),
        savedFilters: this.api.savedFilters(projectId).pipe(catchError(() => of([]))),
      }),
  });

  readonly project = computed(() => this.meta.value().project);
  readonly projectName = computed(() => this.project()?.name ?? this.projectId() ?? '');
  readonly buckets = computed(() => this.meta.value().bucketNames);
  readonly tags = computed(() => this.meta.value().tags);
  readonly savedFilters = computed(() => this.meta.value().savedFilters);

  load(projectId: string): void {
    this.projectId.set(projectId);
  }
}
