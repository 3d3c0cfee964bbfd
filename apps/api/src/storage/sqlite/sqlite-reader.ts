import type { ContextScope, LogRecord, TagFacet } from '@logdesk/contracts';
import type { Database } from 'better-sqlite3';
import type { LogFilter, PageRequest } from '../log-store';
import { LOG_COLUMNS, toLogRecord, type LogRow } from '../log-record';
import { buildFilter } from './sqlite-filter';
import { SqliteSearchPlanner, TRIGRAM, type SearchPlan } from './sqlite-search';
import { toFacets } from '../stats-tally';

const SELECT_LOG = LOG_COLUMNS.split(', ').map((column) => `l.${column}`).join(', ');

const SCOPE_COLUMN: Record<ContextScope, keyof LogRow> = {
  bucket: 'bucket',
  trace: 'trace_id',
  session: 'session_id',
  user: 'user_id',
};

/** The SQLite read path: prepared statements straight on better-sqlite3 (see SqliteWriter for why). */
export class SqliteReader {
  private readonly search: SqliteSearchPlanner;

  constructor(private readonly db: Database) {
    this.search = new SqliteSearchPlanner(db);
  }

  page(filter: LogFilter, request: PageRequest): LogRecord[] {
    let idWindow: [number, number] | undefined;
    if (filter.projectId !== null && (filter.since !== undefined || filter.until !== undefined)) {
      // The time index holds the rowid, so this reads index entries only.
      const window = this.db
        .prepare('SELECT min(id) AS low, max(id) AS high FROM logs WHERE project_id = ? AND timestamp >= ? AND timestamp < ?')
        .get(filter.projectId, filter.since ?? Number.MIN_SAFE_INTEGER, filter.until ?? Number.MAX_SAFE_INTEGER) as {
        low: number | null;
        high: number | null;
      };
      if (window.low === null || window.high === null) return [];
      idWindow = [window.low, window.high];
    }
    let searchPlan: SearchPlan | undefined;
    if (filter.search && filter.search.length >= TRIGRAM) {
      const plan = this.search.plan(filter.search);
      if (!plan) return [];
      searchPlan = plan;
    }
    const query = buildFilter(filter, { idWindow, searchPlan });
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
