import { QUERY_LIMITS, type LogLevel, type StatsResponse, type TagFacet } from '@logdesk/contracts';
import type { Database } from 'better-sqlite3';
import { binOf, histogramEdges, HOUR, MINUTE } from '../histogram-edges';
import { StatsTally, toFacets } from '../stats-tally';
import type { LogFilter } from '../log-store';
import { buildFilter, type FilterOptions } from './sqlite-filter';

type ProjectFilter = LogFilter & { projectId: string };
interface TagCount {
  key: string;
  value: string;
  count: number;
}


/**
 * `GET /api/logs/stats` on SQLite. Filters of level, bucket and time only are answered from the
 * per-minute rollups (log_counts, tag_counts) plus an exact count of the partial minutes at the
 * edges, so a million logs cost a few thousand rollup rows. Search, tag and id filters count the
 * matching logs themselves.
 */
export class SqliteStats {
  constructor(private readonly db: Database) {}

  stats(filter: ProjectFilter, binCount: number): StatsResponse {
    const span = this.db
      // Two subqueries: SQLite answers a lone min() or max() from the index, but not both in one select.
      .prepare(
        `SELECT (SELECT min(timestamp) FROM logs WHERE project_id = ?) AS first,
                (SELECT max(timestamp) FROM logs WHERE project_id = ?) AS last`,
      )
      .get(filter.projectId, filter.projectId) as { first: number | null; last: number | null };
    const [start, end] = this.histogramRange(filter, span.first);
    const { edges, snapped } = histogramEdges(start, end, binCount);
    const tally = new StatsTally(filter, edges);
    const rollup = !filter.search && !filter.tags && !filter.traceId && !filter.userId && !filter.sessionId;
    if (span.first !== null) {
      if (rollup && snapped) this.fromRollups(filter, tally, start, end);
      else this.exact(filter, tally, start, end, snapped);
    }
    const coversAll =
      span.first === null ||
      ((filter.since === undefined || filter.since <= span.first) && (filter.until === undefined || filter.until > span.last!));
    const tags = rollup && coversAll ? this.tagsFromCounts(filter) : this.tagsExact(filter);
    return { total: tally.total, byLevel: tally.byLevel, byBucket: tally.byBucket, tags, histogram: tally.bins };
  }

  /** since/until when given, else the first to the last matching timestamp. */
  private histogramRange(filter: ProjectFilter, projectFirst: number | null): [number, number] {
    let { since: start, until: end } = filter;
    if ((start === undefined || end === undefined) && projectFirst !== null) {
      const query = buildFilter(filter);
      const where = `FROM ${query.from} WHERE ${query.where.join(' AND ')}`;
      const span = this.db
        .prepare(`SELECT (SELECT min(l.timestamp) ${where}) AS first, (SELECT max(l.timestamp) ${where}) AS last`)
        .get(...query.params, ...query.params) as { first: number | null; last: number | null };
      start ??= span.first ?? end ?? Date.now();
      end ??= Math.max(start, span.last ?? start) + 1;
    }
    start ??= end !== undefined ? end - 1 : Date.now();
    end ??= start + 1;
    return [start, Math.max(end, start + 1)];
  }

  /** Level, bucket and time filters only: hourly and per-minute rollups, exact partial minutes at the edges. */
  private fromRollups(filter: ProjectFilter, tally: StatsTally, hStart: number, hEnd: number): void {
    const { projectId, since, until } = filter;
    const low = since ?? Number.MIN_SAFE_INTEGER;
    const high = until ?? Number.MAX_SAFE_INTEGER;
    // Counting spans since/until (unbounded when absent): whole hours, then whole minutes, then the rest log by log.
    const minuteLow = since === undefined ? low : Math.ceil(since / MINUTE) * MINUTE;
    const minuteHigh = until === undefined ? high : Math.floor(until / MINUTE) * MINUTE;
    if (minuteLow >= minuteHigh) {
      this.exactRange(projectId, low, high, tally, 'count');
    } else {
      const hourLow = since === undefined ? low : Math.ceil(minuteLow / HOUR) * HOUR;
      const hourHigh = until === undefined ? high : Math.floor(minuteHigh / HOUR) * HOUR;
      if (hourLow < hourHigh) {
        this.countRollup('log_counts_hourly', 'hour', projectId, hourLow, hourHigh, tally);
        if (minuteLow < hourLow) this.countRollup('log_counts', 'minute', projectId, minuteLow, hourLow, tally);
        if (hourHigh < minuteHigh) this.countRollup('log_counts', 'minute', projectId, hourHigh, minuteHigh, tally);
      } else {
        this.countRollup('log_counts', 'minute', projectId, minuteLow, minuteHigh, tally);
      }
      if (since !== undefined && since < minuteLow) this.exactRange(projectId, since, minuteLow, tally, 'count');
      if (until !== undefined && minuteHigh < until) this.exactRange(projectId, minuteHigh, until, tally, 'count');
    }
    // Plotting spans the histogram: whole minutes from a rollup (snapped edges keep each in one bin).
    const plotLow = Math.ceil(hStart / MINUTE) * MINUTE;
    const plotHigh = Math.floor(hEnd / MINUTE) * MINUTE;
    if (plotLow >= plotHigh) return this.exactRange(projectId, hStart, hEnd, tally, 'plot');
    const conditions = ['project_id = ?', 'minute >= ?', 'minute < ?'];
    const params: unknown[] = [projectId, plotLow, plotHigh];
    if (filter.levels?.length) {
      conditions.push(`level IN (${filter.levels.map(() => '?').join(', ')})`);
      params.push(...filter.levels);
    }
    if (filter.buckets?.length) {
      conditions.push(`bucket IN (${filter.buckets.map(() => '?').join(', ')})`);
      params.push(...filter.buckets);
    }
    const sql = filter.buckets?.length
      ? `SELECT minute, level, sum(count) AS count FROM log_counts WHERE ${conditions.join(' AND ')} GROUP BY minute, level`
      : `SELECT minute, level, count FROM level_counts WHERE ${conditions.join(' AND ')}`;
    for (const row of this.db.prepare(sql).all(...params) as { minute: number; level: LogLevel; count: number }[]) {
      tally.plotMatching(row.minute, row.level, row.count);
    }
    if (hStart < plotLow) this.exactRange(projectId, hStart, plotLow, tally, 'plot');
    if (plotHigh < hEnd) this.exactRange(projectId, plotHigh, hEnd, tally, 'plot');
  }

  private countRollup(table: string, unit: string, projectId: string, from: number, to: number, tally: StatsTally): void {
    const rows = this.db
      .prepare(`SELECT level, bucket, sum(count) AS count FROM ${table} WHERE project_id = ? AND ${unit} >= ? AND ${unit} < ? GROUP BY level, bucket`)
      .all(projectId, from, to) as { level: LogLevel; bucket: string; count: number }[];
    for (const row of rows) tally.count(row.level, row.bucket, row.count);
  }

  private exactRange(projectId: string, from: number, to: number, tally: StatsTally, use: 'count' | 'plot'): void {
    const rows = this.db
      .prepare('SELECT timestamp, level, bucket FROM logs WHERE project_id = ? AND timestamp >= ? AND timestamp < ?')
      .all(projectId, from, to) as { timestamp: number; level: LogLevel; bucket: string }[];
    for (const row of rows) {
      if (use === 'count') tally.count(row.level, row.bucket, 1);
      else tally.plot(row.timestamp, row.level, row.bucket, 1);
    }
  }

  /** Every count from the matching logs themselves (search, tag and id filters). */
  private exact(filter: ProjectFilter, tally: StatsTally, hStart: number, hEnd: number, snapped: boolean): void {
    for (const row of this.grouped(filter, 'l.level', { omit: 'level' })) tally.byLevel[row.key as LogLevel] = row.count;
    for (const row of this.grouped(filter, 'l.bucket', { omit: 'bucket' })) tally.byBucket[row.key] = row.count;
    tally.total = this.grouped(filter, "'all'", {})[0]?.count ?? 0;
    const query = buildFilter({ ...filter, since: hStart, until: hEnd });
    const range = hEnd - hStart;
    const bins = tally.bins.length;
    // Snapped edges are whole minutes, so a minute's logs share a bin; otherwise the equal-width formula.
    const binExpression = snapped ? 'l.timestamp / 60000' : `(l.timestamp - ${hStart}) * ${bins} / ${range}`;
    const rows = this.db
      .prepare(`SELECT ${binExpression} AS slot, l.level AS level, count(*) AS count FROM ${query.from}
        WHERE ${query.where.join(' AND ')} GROUP BY slot, l.level`)
      .all(...query.params) as { slot: number; level: LogLevel; count: number }[];
    for (const row of rows) {
      const bin = snapped ? binOf(tally.edges, Math.max(row.slot * MINUTE, hStart)) : Math.min(bins - 1, row.slot);
      if (bin >= 0) tally.bins[bin].counts[row.level] = (tally.bins[bin].counts[row.level] ?? 0) + row.count;
    }
  }

  private grouped(filter: LogFilter, column: string, options: FilterOptions): { key: string; count: number }[] {
    const query = buildFilter(filter, options);
    return this.db
      .prepare(`SELECT ${column} AS key, count(*) AS count FROM ${query.from} WHERE ${query.where.join(' AND ')} GROUP BY 1`)
      .all(...query.params) as { key: string; count: number }[];
  }

  private tagsFromCounts(filter: ProjectFilter): TagFacet[] {
    const conditions = ['project_id = ?'];
    const params: unknown[] = [filter.projectId];
    if (filter.levels?.length) {
      conditions.push(`level IN (${filter.levels.map(() => '?').join(', ')})`);
      params.push(...filter.levels);
    }
    if (filter.buckets?.length) {
      conditions.push(`bucket IN (${filter.buckets.map(() => '?').join(', ')})`);
      params.push(...filter.buckets);
    }
    const rows = this.db
      .prepare(
        `SELECT key, value, count FROM (
           SELECT key, value, sum(count) AS count, row_number() OVER (PARTITION BY key ORDER BY sum(count) DESC, value) AS rank
           FROM tag_counts WHERE ${conditions.join(' AND ')} GROUP BY key, value)
         WHERE rank <= ? AND count > 0 ORDER BY key, count DESC, value`,
      )
      .all(...params, QUERY_LIMITS.statsTagValuesPerKey) as TagCount[];
    return toFacets(rows);
  }

  /** Tag values among the matching logs; each filtered key is counted without its own filter. */
  private tagsExact(filter: ProjectFilter): TagFacet[] {
    const filteredKeys = Object.keys(filter.tags ?? {});
    const passes: { options: FilterOptions; key: string | null }[] = [{ options: {}, key: null }];
    for (const key of filteredKeys) passes.push({ options: { omit: { tagKey: key } }, key });
    const rows: TagCount[] = [];
    for (const pass of passes) {
      const query = buildFilter(filter, pass.options);
      const keyCondition =
        pass.key !== null ? 'AND tv.key = ?' : filteredKeys.length ? `AND tv.key NOT IN (${filteredKeys.map(() => '?').join(', ')})` : '';
      const keyParams = pass.key !== null ? [pass.key] : filteredKeys;
      const found = this.db
        .prepare(
          `SELECT key, value, count FROM (
             SELECT tv.key, tv.value, count(*) AS count,
               row_number() OVER (PARTITION BY tv.key ORDER BY count(*) DESC, tv.value) AS rank
             FROM ${query.from} JOIN log_tags tv ON tv.project_id = l.project_id AND tv.log_id = l.id
             WHERE ${query.where.join(' AND ')} ${keyCondition}
             GROUP BY tv.key, tv.value) WHERE rank <= ?`,
        )
        .all(...query.params, ...keyParams, QUERY_LIMITS.statsTagValuesPerKey) as TagCount[];
      rows.push(...found);
    }
    rows.sort((a, b) => a.key.localeCompare(b.key) || b.count - a.count || a.value.localeCompare(b.value));
    return toFacets(rows);
  }
}
