import type { ContextScope, LogRecord, TagFacet } from '@logdesk/contracts';
import type { Database } from 'better-sqlite3';
import type { LogFilter, PageRequest } from '../log-store';
import { LOG_COLUMNS, toLogRecord, type LogRow } from '../log-record';
import { buildFilter } from './sqlite-filter';
import { toFacets } from './sqlite-stats';

const SELECT_LOG = LOG_COLUMNS.split(', ').map((column) => `l.${column}`).join(', ');

const SCOPE_COLUMN: Record<ContextScope, keyof LogRow> = {
  bucket: 'bucket',
  trace: 'trace_id',
  session: 'session_id',
  user: 'user_id',
};

/** The SQLite read path: prepared statements straight on better-sqlite3 (see SqliteWriter for why). */
export class SqliteReader {
  constructor(private readonly db: Database) {}

  page(filter: LogFilter, request: PageRequest): LogRecord[] {
    const query = buildFilter(filter);
    const ascending = request.afterId !== undefined;
    if (request.beforeId !== undefined) {
      query.where.push(`${query.idColumn} < ?`);
      query.params.push(request.beforeId);
    }
    if (ascending) {
      query.where.push(`${query.idColumn} > ?`);
      query.params.push(request.afterId);
    }
    const sql = `SELECT ${SELECT_LOG} FROM ${query.from} WHERE ${query.where.join(' AND ')}
      ORDER BY ${query.idColumn} ${ascending ? 'ASC' : 'DESC'} LIMIT ?`;
    const rows = this.db.prepare(sql).all(...query.params, request.limit) as LogRow[];
    return rows.map(toLogRecord);
  }

  findById(id: number): LogRecord | null {
    const row = this.db.prepare(`SELECT ${LOG_COLUMNS} FROM logs WHERE id = ?`).get(id) as LogRow | undefined;
    return row ? toLogRecord(row) : null;
  }

  context(log: LogRecord, scope: ContextScope | null, before: number, after: number): { before: LogRecord[]; after: LogRecord[] } {
    const conditions = ['project_id = ?'];
    const params: unknown[] = [log.projectId];
    if (scope) {
      const column = SCOPE_COLUMN[scope];
      const value = { bucket: log.bucket, trace: log.traceId, session: log.sessionId, user: log.userId }[scope];
      if (value === null) return { before: [], after: [] };
      conditions.push(`${column} = ?`);
      params.push(value);
    }
    const where = conditions.join(' AND ');
    const older = this.db
      .prepare(`SELECT ${LOG_COLUMNS} FROM logs WHERE ${where} AND id < ? ORDER BY id DESC LIMIT ?`)
      .all(...params, log.id, before) as LogRow[];
    const newer = this.db
      .prepare(`SELECT ${LOG_COLUMNS} FROM logs WHERE ${where} AND id > ? ORDER BY id ASC LIMIT ?`)
      .all(...params, log.id, after) as LogRow[];
    return { before: older.reverse().map(toLogRecord), after: newer.map(toLogRecord) };
  }

  tagCatalogue(projectId: string, valuesPerKey: number): TagFacet[] {
    const rows = this.db
      .prepare(
        `SELECT key, value, count FROM (
           SELECT key, value, count, row_number() OVER (PARTITION BY key ORDER BY count DESC, value) AS rank
           FROM tag_values WHERE project_id = ?) WHERE rank <= ? ORDER BY key, count DESC, value`,
      )
      .all(projectId, valuesPerKey) as { key: string; value: string; count: number }[];
    return toFacets(rows);
  }
}
