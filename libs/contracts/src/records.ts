import type { LogQueryParams } from './query';

/** Log levels, lowest to highest severity. Ingestion accepts them case-insensitively. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The workspace every auto-created project lands in. */
export const DEFAULT_WORKSPACE = { id: 'unsorted', name: 'Unsorted' } as const;
/** The saved view every project gets when it is created. */
export const DEFAULT_FILTER_NAME = 'All Logs';

export interface Workspace {
  id: string;
  name: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
}

export interface Project {
  id: string;
  name: string;
  workspaceId: string;
  createdAt: string;
}

export interface Bucket {
  /** `<projectId>:<name>` */
  id: string;
  name: string;
  projectId: string;
  createdAt: string;
}

/** A saved view. `query` holds the same keys as the `GET /api/logs` parameters. */
export interface SavedFilter {
  id: string;
  projectId: string;
  name: string;
  query: Partial<LogQueryParams>;
  isDefault: boolean;
  createdAt: string;
}

export type Tags = Record<string, string>;

/** A stored log as every read endpoint and live event returns it. */
export interface LogRecord {
  /** Increasing integer, insertion order. */
  id: number;
  projectId: string;
  bucket: string;
  level: LogLevel;
  message: string;
  /** Client time, Unix ms (server time when the client sent none). */
  timestamp: number;
  tags: Tags;
  context: Record<string, unknown> | null;
  traceId: string | null;
  userId: string | null;
  sessionId: string | null;
  env: string | null;
  appName: string | null;
  appVersion: string | null;
  eventId: string | null;
  /** When the server received the log, ISO 8601 UTC. */
  createdAt: string;
}

/** One log as sent to `POST /logs`. */
export interface LogEntryInput {
  bucket: string;
  level: LogLevel | Uppercase<LogLevel> | string;
  message: string;
  timestamp?: number;
  tags?: Record<string, string | number | boolean>;
  context?: Record<string, unknown> | null;
  traceId?: string;
  userId?: string;
  sessionId?: string;
  env?: string;
  appName?: string;
  appVersion?: string;
  eventId?: string;
}

export interface IngestRequest {
  projectId: string;
  logs: LogEntryInput[];
}

export interface IngestResponse {
  status: 'ok';
  /** Always 0: storage happens in the background. */
  processed: 0;
}

export interface HealthResponse {
  status: 'ok';
  version: string;
  storage: 'sqlite' | 'postgres';
  queue: { pending: number };
}

