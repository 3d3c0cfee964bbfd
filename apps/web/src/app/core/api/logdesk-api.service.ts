import { HttpClient } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import type {
  Bucket,
  ContextResponse,
  ContextScope,
  ExportFormat,
  LogQueryParams,
  LogRecord,
  LogsPage,
  Project,
  SavedFilter,
  StatsResponse,
  TagFacet,
  TailResponse,
  Workspace,
} from '@logdesk/contracts';
import type { Observable } from 'rxjs';
import { toHttpParams } from './http-params';

/** `GET /api/logs/stats` takes the log filters plus the number of histogram bins. */
export type StatsQuery = Omit<LogQueryParams, 'beforeId' | 'limit'> & { buckets?: number };
export type ExportQuery = Omit<LogQueryParams, 'beforeId' | 'limit'>;

/** Typed access to the read endpoints of CONTRACT.md section 5, on the dashboard's own origin. */
@Injectable({ providedIn: 'root' })
export class LogdeskApi {
  private readonly http = inject(HttpClient);

  workspaces(): Observable<Workspace[]> {
    return this.http.get<Workspace[]>('/api/workspaces');
  }

  projects(): Observable<Project[]> {
    return this.http.get<Project[]>('/api/projects');
  }

  project(projectId: string): Observable<Project> {
    return this.http.get<Project>(`/api/projects/${encodeURIComponent(projectId)}`);
  }

  buckets(projectId: string): Observable<Bucket[]> {
    return this.http.get<Bucket[]>(`/api/projects/${encodeURIComponent(projectId)}/buckets`);
  }

  tags(projectId: string): Observable<TagFacet[]> {
    return this.http.get<TagFacet[]>(`/api/projects/${encodeURIComponent(projectId)}/tags`);
  }

  savedFilters(projectId: string): Observable<SavedFilter[]> {
    return this.http.get<SavedFilter[]>(`/api/projects/${encodeURIComponent(projectId)}/filters`);
  }

  logs(query: LogQueryParams): Observable<LogsPage> {
    return this.http.get<LogsPage>('/api/logs', { params: toHttpParams(query) });
  }

  log(id: number): Observable<LogRecord> {
    return this.http.get<LogRecord>(`/api/logs/${id}`);
  }

  context(id: number, by: ContextScope | null, around = 25): Observable<ContextResponse> {
    return this.http.get<ContextResponse>(`/api/logs/${id}/context`, {
      params: toHttpParams({ by, before: around, after: around }),
    });
  }

  tail(limit: number, level?: string): Observable<TailResponse> {
    return this.http.get<TailResponse>('/api/logs/tail', { params: toHttpParams({ limit, level }) });
  }

  stats(query: StatsQuery): Observable<StatsResponse> {
    return this.http.get<StatsResponse>('/api/logs/stats', { params: toHttpParams(query) });
  }

  /** A relative link; the browser streams the download itself. */
  exportUrl(query: ExportQuery, format: ExportFormat): string {
    return `/api/logs/export?${toHttpParams({ ...query, format }).toString()}`;
  }

  /** The same export through HttpClient, for when a Bearer key must travel with it. */
  exportBlob(url: string): Observable<Blob> {
    return this.http.get(url, { responseType: 'blob' });
  }
}
