import { Injectable, computed, inject, signal } from '@angular/core';
import { DEFAULT_FILTER_NAME } from '@logdesk/contracts';
import { LocalStore } from '../../../core/browser/local-store.service';
import { type ExplorerFilters, filtersFromSavedQuery, sameQuery, toQueryParams } from '../state/filter-state';
import { ProjectMetaStore } from './project-meta.store';

export interface SavedView {
  id: string;
  name: string;
  filters: ExplorerFilters;
  /** Kept in this browser (removable); server views come from `/api/projects/:id/filters`. */
  local: boolean;
}

interface StoredView {
  id: string;
  name: string;
  /** The explorer's URL parameters, so a view restores exactly what the URL would. */
  params: Record<string, string>;
}

const ALL_LOGS: SavedView = {
  id: 'all-logs',
  name: DEFAULT_FILTER_NAME,
  filters: filtersFromSavedQuery({}),
  local: false,
};

/** "All Logs" and the other server views, then the user's own views from localStorage. */
@Injectable()
export class SavedViewsStore {
  private readonly meta = inject(ProjectMetaStore);
  private readonly store = inject(LocalStore);
  private readonly projectId = signal('');
  private readonly localViews = signal<StoredView[]>([]);

  readonly views = computed<SavedView[]>(() => {
    const server = this.meta.savedFilters().map((filter) => ({
      id: `server:${filter.id}`,
      name: filter.name,
      filters: filtersFromSavedQuery(filter.query),
      local: false,
    }));
    // The server creates "All Logs" with the project; before the first log there is none yet.
    const withDefault = server.some((view) => view.name === DEFAULT_FILTER_NAME) ? server : [ALL_LOGS, ...server];
    const local = this.localViews().map((view) => ({
      id: view.id,
      name: view.name,
      filters: filtersFromSavedQuery(view.params),
      local: true,
    }));
    return [...withDefault, ...local];
  });

  load(projectId: string): void {
    this.projectId.set(projectId);
    this.localViews.set(this.store.read<StoredView[]>(this.key(projectId), []));
  }

  /** The view whose filters are the current ones, if any. */
  matching(filters: ExplorerFilters): SavedView | null {
    return this.views().find((view) => sameQuery(view.filters, filters)) ?? null;
  }

  save(name: string, filters: ExplorerFilters): void {
    const params = toQueryParams({ ...filters, live: true });
    const view: StoredView = { id: `local:${Date.now().toString(36)}`, name: name.trim(), params };
    this.persist([...this.localViews().filter((existing) => existing.name !== view.name), view]);
  }

  remove(id: string): void {
    this.persist(this.localViews().filter((view) => view.id !== id));
  }

  private persist(views: StoredView[]): void {
    this.localViews.set(views);
    this.store.write(this.key(this.projectId()), views.length > 0 ? views : null);
  }

  private key(projectId: string): string {
    return `views.${projectId}`;
  }
}
