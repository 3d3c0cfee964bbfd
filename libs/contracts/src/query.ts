import type { LogLevel, LogRecord } from './records';

/**
 * Query parameters of `GET /api/logs` (and of stats, export and live subscriptions).
 * On the wire every value is a string; `level` and `bucket` are comma lists, `tags` is JSON
 * (`{"env":"prod","region":["eu","us"]}`) or pairs (`env:prod,region:eu`).
 */
export interface LogQueryParams {
  projectId: string;
  level?: string;
  bucket?: string;
  search?: string;
  tags?: string;
  traceId?: string;
  userId?: string;
  sessionId?: string;
  /** timestamp >= since (Unix ms) */
  since?: number;
  /** timestamp < until (Unix ms) */
  until?: number;
  /** id < beforeId */
  beforeId?: number;
  limit?: number;
}

/** Tag filter after parsing: AND across keys, OR inside each key's values. */
export type TagFilter = Record<string, string[]>;

export interface LogsPage {
  logs: LogRecord[];
  count: number;
  /** True exactly when another page (beforeId = smallest id here) has results. */
  hasMore: boolean;
}

export interface TailResponse {
  logs: LogRecord[];
  count: number;
}

export type ContextScope = 'bucket' | 'trace' | 'session' | 'user';

export interface ContextResponse {
  /** Ascending id order. */
  before: LogRecord[];
  log: LogRecord;
  /** Ascending id order. */
  after: LogRecord[];
}

export interface TagValueCount {
  value: string;
  count: number;
}

export interface TagFacet {
  key: string;
  values: TagValueCount[];
}

export interface HistogramBin {
  /** Unix ms, inclusive. */
  start: number;
  /** Unix ms, exclusive. */
  end: number;
  counts: Partial<Record<LogLevel, number>>;
}

export interface StatsResponse {
  total: number;
  byLevel: Record<LogLevel, number>;
  byBucket: Record<string, number>;
  tags: TagFacet[];
  histogram: HistogramBin[];
}

export type ExportFormat = 'ndjson' | 'csv';
