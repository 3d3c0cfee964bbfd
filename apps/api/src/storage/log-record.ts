import type { LogLevel, LogRecord } from '@logdesk/contracts';
import type { IntakeBatch, IntakeLog } from '../ingestion/intake-batch';

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

/** The `logs` row of an intake log stored with `id` (SQLite; PostgreSQL cleans its text first). */
export function intakeRow(id: number, batch: IntakeBatch, log: IntakeLog): LogRow {
  return {
    id,
    project_id: batch.projectId,
    bucket: log.bucket,
    level: log.level,
    message: log.message,
    timestamp: log.timestamp,
    tags: log.tags ? JSON.stringify(log.tags) : null,
    context: log.context,
    trace_id: log.traceId,
    user_id: log.userId,
    session_id: log.sessionId,
    env: log.env,
    app_name: log.appName,
    app_version: log.appVersion,
    event_id: log.eventId,
    created_at: batch.receivedAt,
  };
}

/**
 * What `toLogRecord(intakeRow(id, batch, log))` gives (log-record.spec.ts holds them equal), without
 * the JSON round trip of the tags: the HTTP thread builds one per stored log, on the core it shares
 * with the writer.
 */
export function intakeRecord(id: number, batch: IntakeBatch, log: IntakeLog): LogRecord {
  return {
    id,
    projectId: batch.projectId,
    bucket: log.bucket,
    level: log.level,
    message: log.message,
    timestamp: log.timestamp,
    tags: log.tags ? { ...log.tags } : {},
    context: log.context ? (JSON.parse(log.context) as Record<string, unknown>) : null,
    traceId: log.traceId,
    userId: log.userId,
    sessionId: log.sessionId,
    env: log.env,
    appName: log.appName,
    appVersion: log.appVersion,
    eventId: log.eventId,
    createdAt: new Date(batch.receivedAt).toISOString(),
  };
}

/** Groups the stored logs of a write by project, ascending id; `ids` has one entry per log, 0 for a duplicate. */
export function recordsByProject(batches: IntakeBatch[], ids: readonly number[]): Map<string, LogRecord[]> {
  const byProject = new Map<string, LogRecord[]>();
  let at = 0;
  for (const batch of batches) {
    for (const log of batch.logs) {
      const id = ids[at++];
      if (!id) continue;
      const list = byProject.get(batch.projectId);
      const record = intakeRecord(id, batch, log);
      if (list) list.push(record);
      else byProject.set(batch.projectId, [record]);
    }
  }
  return byProject;
}
