import type { LogLevel, LogRecord } from '@logdesk/contracts';

/** A `logs` row as both engines select it (snake_case columns, times as numbers or strings). */
export interface LogRow {
  id: number | string;
  project_id: string;
  bucket: string;
  level: string;
  message: string;
  timestamp: number | string;
  tags: string | null;
  context: string | null;
  trace_id: string | null;
  user_id: string | null;
  session_id: string | null;
  env: string | null;
  app_name: string | null;
  app_version: string | null;
  event_id: string | null;
  created_at: number | string;
}

export const LOG_COLUMNS =
  'id, project_id, bucket, level, message, timestamp, tags, context, trace_id, user_id, session_id, env, app_name, app_version, event_id, created_at';

export function toLogRecord(row: LogRow): LogRecord {
  return {
    id: Number(row.id),
    projectId: row.project_id,
    bucket: row.bucket,
    level: row.level as LogLevel,
    message: row.message,
    timestamp: Number(row.timestamp),
    tags: row.tags ? (JSON.parse(row.tags) as Record<string, string>) : {},
    context: row.context ? (JSON.parse(row.context) as Record<string, unknown>) : null,
    traceId: row.trace_id,
    userId: row.user_id,
    sessionId: row.session_id,
    env: row.env,
    appName: row.app_name,
    appVersion: row.app_version,
    eventId: row.event_id,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}
