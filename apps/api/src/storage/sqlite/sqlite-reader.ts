import { LOG_LEVELS, type ContextScope, type HistogramBin, type LogLevel, type LogRecord, type StatsResponse, type TagFacet } from '@logdesk/contracts';
import type { Database } from 'better-sqlite3';
import type { LogFilter, PageRequest } from '../log-store';
import { LOG_COLUMNS, toLogRecord, type LogRow } from '../log-record';
import { buildFilter, type FilterOptions } from './sqlite-filter';

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

  stats(filter: LogFilter & { projectId: string }, binCount: number): StatsResponse {
    const byLevel = Object.fromEntries(LOG_LEVELS.map((level) => [level, 0])) as Record<LogLevel, number>;
    for (const row of this.grouped(filter, 'l.level', { omit: 'level' })) byLevel[row.key as LogLevel] = row.count;
    const byBucket: Record<string, number> = {};
    for (const row of this.grouped(filter, 'l.bucket', { omit: 'bucket' })) byBucket[row.key] = row.count;
    const total = this.count(filter);
    return { total, byLevel, byBucket, tags: this.tagFacets(filter, 20), histogram: this.histogram(filter, binCount) };
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

  prune(olderThan: number | null, maxLogs: number | null): number {
    let cutoffId = 0;
    if (olderThan !== null) {
      const row = this.db.prepare('SELECT max(id) AS id FROM logs WHERE timestamp < ?').get(olderThan) as { id: number | null };
      cutoffId = Math.max(cutoffId, row.id ?? 0);
    }
    if (maxLogs !== null) {
      const row = this.db.prepare('SELECT id FROM logs ORDER BY id DESC LIMIT 1 OFFSET ?').get(maxLogs) as { id: number } | undefined;
      cutoffId = Math.max(cutoffId, row?.id ?? 0);
    }
    if (cutoffId === 0) return 0;
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM logs_fts WHERE rowid <= ?').run(cutoffId);
      this.db.prepare('DELETE FROM log_tags WHERE log_id <= ?').run(cutoffId);
      return this.db.prepare('DELETE FROM logs WHERE id <= ?').run(cutoffId).changes;
    })();
  }

  private count(filter: LogFilter): number {
    const query = buildFilter(filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM ${query.from} WHERE ${query.where.join(' AND ')}`).get(...query.params) as { n: number }).n;
  }

  private grouped(filter: LogFilter, column: string, options: FilterOptions): { key: string; count: number }[] {
    const query = buildFilter(filter, options);
    return this.db
      .prepare(`SELECT ${column} AS key, count(*) AS count FROM ${query.from} WHERE ${query.where.join(' AND ')} GROUP BY ${column}`)
      .all(...query.params) as { key: string; count: number }[];
  }

  /** Tag values among the matching logs; each filtered key is counted without its own filter. */
  private tagFacets(filter: LogFilter & { projectId: string }, perKey: number): TagFacet[] {
    const filteredKeys = Object.keys(filter.tags ?? {});
    const passes: { options: FilterOptions; keys: string | null }[] = [{ options: {}, keys: null }];
    for (const key of filteredKeys) passes.push({ options: { omit: { tagKey: key } }, keys: key });
    const rows: { key: string; value: string; count: number }[] = [];
    for (const pass of passes) {
      const query = buildFilter(filter, pass.options);
      const keyCondition = pass.keys === null
        ? filteredKeys.length ? `AND tv.key NOT IN (${filteredKeys.map(() => '?').join(', ')})` : ''
        : 'AND tv.key = ?';
      const keyParams = pass.keys === null ? filteredKeys : [pass.keys];
      rows.push(
        ...(this.db
          .prepare(
            `SELECT key, value, count FROM (
               SELECT tv.key, tv.value, count(*) AS count,
                 row_number() OVER (PARTITION BY tv.key ORDER BY count(*) DESC, tv.value) AS rank
               FROM ${query.from} JOIN log_tags tv ON tv.project_id = l.project_id AND tv.log_id = l.id
               WHERE ${query.where.join(' AND ')} ${keyCondition}
               GROUP BY tv.key, tv.value) WHERE rank <= ?`,
          )
          .all(...query.params, ...keyParams, perKey) as { key: string; value: string; count: number }[]),
      );
    }
    rows.sort((a, b) => a.key.localeCompare(b.key) || b.count - a.count || a.value.localeCompare(b.value));
    return toFacets(rows);
  }

  private histogram(filter: LogFilter, binCount: number): HistogramBin[] {
    let { since: start, until: end } = filter;
    if (start === undefined || end === undefined) {
      const query = buildFilter(filter);
      const span = this.db
        .prepare(`SELECT min(l.timestamp) AS first, max(l.timestamp) AS last FROM ${query.from} WHERE ${query.where.join(' AND ')}`)
        .get(...query.params) as { first: number | null; last: number | null };
      start ??= span.first ?? end ?? Date.now();
      end ??= (span.last ?? start) + 1;
    }
    if (end <= start) end = start + 1;
    // Bin i spans [start + ceil(i * range / n), start + ceil((i + 1) * range / n)): exactly n bins
    // covering the range, and integer division in SQL puts each timestamp in the right one.
    const range = end - start;
    const edge = (i: number): number => start! + Math.ceil((i * range) / binCount);
    const bins: HistogramBin[] = Array.from({ length: binCount }, (_, i) => ({ start: edge(i), end: edge(i + 1), counts: {} }));
    const query = buildFilter({ ...filter, since: start, until: end });
    const rows = this.db
      .prepare(
        `SELECT max(0, min(?, (l.timestamp - CAST(? AS INTEGER)) * CAST(? AS INTEGER) / CAST(? AS INTEGER))) AS bin, l.level AS level, count(*) AS count
         FROM ${query.from} WHERE ${query.where.join(' AND ')} GROUP BY bin, l.level`,
      )
      .all(binCount - 1, start, binCount, range, ...query.params) as { bin: number; level: LogLevel; count: number }[];
    for (const row of rows) bins[row.bin].counts[row.level] = row.count;
    return bins;
  }
}

function toFacets(rows: { key: string; value: string; count: number }[]): TagFacet[] {
  const facets = new Map<string, TagFacet>();
  for (const row of rows) {
    const facet = facets.get(row.key) ?? { key: row.key, values: [] };
    facet.values.push({ value: row.value, count: Number(row.count) });
    facets.set(row.key, facet);
  }
  return [...facets.values()];
}
