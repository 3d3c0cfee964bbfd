import type { ContextScope, LogRecord, TagFacet } from '@logdesk/contracts';
import type { Pool } from 'pg';
import { HOUR } from '../histogram-edges';
import type { LogFilter, PageRequest } from '../log-store';
import { LOG_COLUMNS, toLogRecord, type LogRow } from '../log-record';
import { buildFilter } from './postgres-filter';
import { bigintParam, pgText, SqlParams } from './postgres-sql';
import { toFacets } from '../stats-tally';

const SELECT_LOG = LOG_COLUMNS.split(', ').map((column) => `l.${column}`).join(', ');

const SCOPE_COLUMN: Record<ContextScope, keyof LogRow> = {
  bucket: 'bucket',
  trace: 'trace_id',
  session: 'session_id',
  user: 'user_id',
};

/** The PostgreSQL read path, on the `pg` pool (see poolOf). */
export class PostgresReader {
  constructor(private readonly pool: Pool) {}

  async page(filter: LogFilter, request: PageRequest): Promise<LogRecord[]> {
    let idWindow: [number, number] | undefined;
    if (filter.projectId !== null && (filter.since !== undefined || filter.until !== undefined)) {
      // Whole hours around the range: a few rows of log_id_ranges; the walk checks the exact times.
      const { rows } = await this.pool.query<{ low: string | null; high: string | null }>({
        name: 'logdesk-id-window',
        text: 'SELECT min(min_id) AS low, max(max_id) AS high FROM log_id_ranges WHERE project_id = $1 AND hour >= $2 AND hour < $3',
        values: [
          filter.projectId,
          bigintParam(filter.since === undefined ? Number.MIN_SAFE_INTEGER : Math.floor(filter.since / HOUR) * HOUR),
          bigintParam(filter.until ?? Number.MAX_SAFE_INTEGER),
        ],
      });
      if (rows[0].low === null || rows[0].high === null) return [];
      idWindow = [Number(rows[0].low), Number(rows[0].high)];
    }
    const params = new SqlParams();
    const where = [buildFilter(filter, params, { idWindow })];
    const ascending = request.afterId !== undefined;
    if (request.beforeId !== undefined) where.push(`l.id < ${params.add(bigintParam(request.beforeId))}`);
    if (request.afterId !== undefined) where.push(`l.id > ${params.add(bigintParam(request.afterId))}`);
    const sql = `SELECT ${SELECT_LOG} FROM logs l WHERE ${where.join(' AND ')}
      ORDER BY l.id ${ascending ? 'ASC' : 'DESC'} LIMIT ${params.add(request.limit)}`;
    const { rows } = await this.pool.query<LogRow>(sql, params.values);
    return rows.map(toLogRecord);
  }

  async findById(id: number): Promise<LogRecord | null> {
    const { rows } = await this.pool.query<LogRow>({
      name: 'logdesk-log-by-id',
      text: `SELECT ${LOG_COLUMNS} FROM logs WHERE id = $1`,
      values: [bigintParam(id)],
    });
    return rows.length > 0 ? toLogRecord(rows[0]) : null;
  }

  async context(log: LogRecord, scope: ContextScope | null, before: number, after: number): Promise<{ before: LogRecord[]; after: LogRecord[] }> {
    const params = new SqlParams();
    const conditions = [`project_id = ${params.add(log.projectId)}`];
    if (scope) {
      const value = { bucket: log.bucket, trace: log.traceId, session: log.sessionId, user: log.userId }[scope];
      if (value === null) return { before: [], after: [] };
      conditions.push(`${SCOPE_COLUMN[scope]} = ${params.add(pgText(value))}`);
    }
    const where = conditions.join(' AND ');
    const id = params.add(log.id);
    const [older, newer] = await Promise.all([
      this.pool.query<LogRow>(
        `SELECT ${LOG_COLUMNS} FROM logs WHERE ${where} AND id < ${id} ORDER BY id DESC LIMIT $${params.values.length + 1}`,
        [...params.values, before],
      ),
      this.pool.query<LogRow>(
        `SELECT ${LOG_COLUMNS} FROM logs WHERE ${where} AND id > ${id} ORDER BY id ASC LIMIT $${params.values.length + 1}`,
        [...params.values, after],
      ),
    ]);
    return { before: older.rows.reverse().map(toLogRecord), after: newer.rows.map(toLogRecord) };
  }

  async tagCatalogue(projectId: string, valuesPerKey: number): Promise<TagFacet[]> {
    // COLLATE "C": the byte order SQLite uses, whatever the database's locale.
    const { rows } = await this.pool.query<{ key: string; value: string; count: string }>(
      `SELECT key, value, count FROM (
         SELECT key, value, count, row_number() OVER (PARTITION BY key ORDER BY count DESC, value COLLATE "C") AS rank
         FROM tag_values WHERE project_id = $1) ranked
       WHERE rank <= $2 ORDER BY key COLLATE "C", count DESC, value COLLATE "C"`,
      [projectId, valuesPerKey],
    );
    return toFacets(rows);
  }
}
