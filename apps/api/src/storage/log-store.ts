import type {
  Bucket,
  ContextScope,
  LogLevel,
  LogRecord,
  Project,
  StatsResponse,
  TagDiscoveredEvent,
  TagFacet,
  TagFilter,
} from '@logdesk/contracts';
import type { IntakeBatch } from '../ingestion/intake-batch';

/** The filters of `GET /api/logs`, parsed. `projectId: null` spans every project (tail, firehose). */
export interface LogFilter {
  projectId: string | null;
  levels?: LogLevel[];
  buckets?: string[];
  tags?: TagFilter;
  search?: string;
  traceId?: string;
  userId?: string;
  sessionId?: string;
  since?: number;
  until?: number;
}

/** What one committed write produced, for the events of contract section 6. */
export interface WriteResult {
  /** Stored logs by project, ascending id. */
  logsByProject: Map<string, LogRecord[]>;
  projects: Project[];
  buckets: Bucket[];
  tags: TagDiscoveredEvent[];
  /** Logs dropped because their (projectId, eventId) was already stored. */
  duplicates: number;
}

export interface PageRequest {
  /** id < beforeId, newest first. */
  beforeId?: number;
  /** id > afterId, oldest first (live replay). */
  afterId?: number;
  limit: number;
}

export const LOG_STORE = Symbol('LOG_STORE');

/**
 * The log storage engine behind every hot path: the background writer and the log queries.
 * Each engine (SQLite, PostgreSQL) writes its own SQL for these; catalogue reads (workspaces,
 * projects, buckets, filters) go through TypeORM repositories and are shared.
 */
export interface LogStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Writes the intake may have in flight at once. Above 1 the engine must commit them in the order
   * sent and, once one fails, fail every later one until the failed batches are written again.
   */
  readonly writesInFlight: number;
  /** The last journal sequence number whose logs are committed. */
  checkpoint(journalId: string): Promise<number>;
  /** Stores whole intake batches in one transaction, with the journal checkpoint. */
  write(batches: IntakeBatch[], journalId: string): Promise<WriteResult>;
  /** A page of logs: newest first (beforeId) or oldest first (afterId). */
  page(filter: LogFilter, request: PageRequest): Promise<LogRecord[]>;
  findById(id: number): Promise<LogRecord | null>;
  /** Neighbours of a log: `before` and `after` both in ascending id order. */
  context(log: LogRecord, scope: ContextScope | null, before: number, after: number): Promise<{ before: LogRecord[]; after: LogRecord[] }>;
  stats(filter: LogFilter & { projectId: string }, histogramBuckets: number): Promise<StatsResponse>;
  /** Every tag key of a project with its most frequent values. */
  tagCatalogue(projectId: string, valuesPerKey: number): Promise<TagFacet[]>;
  /** Deletes logs older than `olderThan` (Unix ms) and the oldest past `maxLogs`; returns how many. */
  prune(olderThan: number | null, maxLogs: number | null): Promise<number>;
  close(): Promise<void>;
}
