import { QUERY_LIMITS, type LogLevel, type StatsResponse, type TagFacet } from '@logdesk/contracts';
import type { Pool } from 'pg';
import { binOf, histogramEdges, HOUR, MINUTE } from '../histogram-edges';
import { StatsTally, toFacets } from '../stats-tally';
import type { LogFilter } from '../log-store';
import { buildFilter, type FilterOptions } from './postgres-filter';
import { bigintParam, pgText, SqlParams } from './postgres-sql';

type ProjectFilter = LogFilter & { projectId: string };
/** Counts arrive as bigint/numeric, which `pg` hands back as strings. */
interface TagCount {
  key: string;
  value: string;
  count: number | string;
}


/**
 * `GET /api/logs/stats` on PostgreSQL, the same algorithm as SQLite so the answers are identical:
 * level, bucket and time filters are answered from the hourly and per-minute rollups plus an
 * exact count of the partial minutes at the edges; search, tag and id filters count the matching
 * logs themselves.
 */
export class PostgresStats {
  constructor(private readonly pool: Pool) {}

  async stats(filter: ProjectFilter, binCount: number): Promise<StatsResponse> {
    // Two subqueries, each an index probe of (project_id, timestamp).
    const span = await this.one<{ first: string | null; last: string | null }>(
      `SELECT (SELECT min(timestamp) FROM logs WHERE project_id = $1) AS first, (SELECT max(timestamp) FROM logs WHERE project_id = $1) AS last`,
      [filter.projectId],
    );
    const first = span.first === null ? null : Number(span.first);
    const last = span.last === null ? null : Number(span.last);
    const [start, end] = await this.histogramRange(filter, first);
    const { edges, snapped } = histogramEdges(start, end, binCount);
    const tally = new StatsTally(filter, edges, pgText);
    const rollup = !filter.search && !filter.tags && !filter.traceId && !filter.userId && !filter.sessionId;
    if (first !== null) {
      if (rollup && snapped) await this.fromRollups(filter, tally, start, end);
      else await this.exact(filter, tally, start, end, snapped);
    }
    const coversAll =
      first === null || ((filter.since === undefined || filter.since <= first) && (filter.until === undefined || filter.until > last!));
    const tags = rollup && coversAll ? await this.tagsFromCounts(filter) : await this.tagsExact(filter);
    return { total: tally.total, byLevel: tally.byLevel, byBucket: tally.byBucket, tags, histogram: tally.bins };
  }

  private async one<T>(sql: string, values: unknown[]): Promise<T> {
    return (await this.pool.query(sql, values)).rows[0] as T;
  }

  /** since/until when given, else the first to the last matching timestamp. */
  private async histogramRange(filter: ProjectFilter, projectFirst: number | null): Promise<[number, number]> {
    let { since: start, until: end } = filter;
    if ((start === undefined || end === undefined) && projectFirst !== null) {
      const params = new SqlParams();
      const where = buildFilter(filter, params);
      const span = await this.one<{ first: string | null; last: string | null }>(
        `SELECT min(l.timestamp) AS first, max(l.timestamp) AS last FROM logs l WHERE ${where}`,
        params.values,
      );
      const first = span.first === null ? undefined : Number(span.first);
      const last = span.last === null ? undefined : Number(span.last);
      start ??= first ?? end ?? Date.now();
      end ??= Math.max(start, last ?? start) + 1;
    }
    start ??= end !== undefined ? end - 1 : Date.now();
    end ??= start + 1;
    return [start, Math.max(end, start + 1)];
  }

  /** Level, bucket and time filters only: hourly and per-minute rollups, exact partial minutes at the edges. */
  private async fromRollups(filter: ProjectFilter, tally: StatsTally, hStart: number, hEnd: number): Promise<void> {
    const { projectId, since, until } = filter;
    const low = since ?? Number.MIN_SAFE_INTEGER;
    const high = until ?? Number.MAX_SAFE_INTEGER;
    // Counting spans since/until (unbounded when absent): whole hours, then whole minutes, then the rest log by log.
    const minuteLow = since === undefined ? low : Math.ceil(since / MINUTE) * MINUTE;
    const minuteHigh = until === undefined ? high : Math.floor(until / MINUTE) * MINUTE;
    if (minuteLow >= minuteHigh) {
      await this.exactRange(projectId, low, high, tally, 'count');
    } else {
      const hourLow = since === undefined ? low : Math.ceil(minuteLow / HOUR) * HOUR;
      const hourHigh = until === undefined ? high : Math.floor(minuteHigh / HOUR) * HOUR;
      if (hourLow < hourHigh) {
        await this.countRollup('log_counts_hourly', 'hour', projectId, hourLow, hourHigh, tally);
        if (minuteLow < hourLow) await this.countRollup('log_counts', 'minute', projectId, minuteLow, hourLow, tally);
        if (hourHigh < minuteHigh) await this.countRollup('log_counts', 'minute', projectId, hourHigh, minuteHigh, tally);
      } else {
        await this.countRollup('log_counts', 'minute', projectId, minuteLow, minuteHigh, tally);
      }
      if (since !== undefined && since < minuteLow) await this.exactRange(projectId, since, minuteLow, tally, 'count');
      if (until !== undefined && minuteHigh < until) await this.exactRange(projectId, minuteHigh, until, tally, 'count');
    }
    // Plotting spans the histogram: whole minutes from a rollup (snapped edges keep each in one bin).
    const plotLow = Math.ceil(hStart / MINUTE) * MINUTE;
    const plotHigh = Math.floor(hEnd / MINUTE) * MINUTE;
    if (plotLow >= plotHigh) return this.exactRange(projectId, hStart, hEnd, tally, 'plot');
    const params = new SqlParams();
    const conditions = [`project_id = ${params.add(projectId)}`, `minute >= ${params.add(bigintParam(plotLow))}`, `minute < ${params.add(bigintParam(plotHigh))}`];
    if (filter.levels?.length) conditions.push(`level = ANY(${params.add(filter.levels)}::text[])`);
    if (filter.buckets?.length) conditions.push(`bucket = ANY(${params.add(filter.buckets.map(pgText))}::text[])`);
    const sql = filter.buckets?.length
      ? `SELECT minute, level, sum(count) AS count FROM log_counts WHERE ${conditions.join(' AND ')} GROUP BY minute, level`
      : `SELECT minute, level, count FROM level_counts WHERE ${conditions.join(' AND ')}`;
    const { rows } = await this.pool.query<{ minute: string; level: LogLevel; count: string }>(sql, params.values);
    for (const row of rows) tally.plotMatching(Number(row.minute), row.level, Number(row.count));
    if (hStart < plotLow) await this.exactRange(projectId, hStart, plotLow, tally, 'plot');
    if (plotHigh < hEnd) await this.exactRange(projectId, plotHigh, hEnd, tally, 'plot');
  }

  private async countRollup(table: string, unit: string, projectId: string, from: number, to: number, tally: StatsTally): Promise<void> {
    const { rows } = await this.pool.query<{ level: LogLevel; bucket: string; count: string }>(
      `SELECT level, bucket, sum(count) AS count FROM ${table} WHERE project_id = $1 AND ${unit} >= $2 AND ${unit} < $3 GROUP BY level, bucket`,
      [projectId, bigintParam(from), bigintParam(to)],
    );
    for (const row of rows) tally.count(row.level, row.bucket, Number(row.count));
  }

  private async exactRange(projectId: string, from: number, to: number, tally: StatsTally, use: 'count' | 'plot'): Promise<void> {
    const { rows } = await this.pool.query<{ timestamp: string; level: LogLevel; bucket: string }>(
      'SELECT timestamp, level, bucket FROM logs WHERE project_id = $1 AND timestamp >= $2 AND timestamp < $3',
      [projectId, bigintParam(from), bigintParam(to)],
    );
    for (const row of rows) {
      if (use === 'count') tally.count(row.level, row.bucket, 1);
      else tally.plot(Number(row.timestamp), row.level, row.bucket, 1);
    }
  }

  /** Every count from the matching logs themselves (search, tag and id filters). */
  private async exact(filter: ProjectFilter, tally: StatsTally, hStart: number, hEnd: number, snapped: boolean): Promise<void> {
    for (const row of await this.grouped(filter, 'l.level', { omit: 'level' })) tally.byLevel[row.key as LogLevel] = Number(row.count);
    for (const row of await this.grouped(filter, 'l.bucket', { omit: 'bucket' })) tally.byBucket[row.key] = Number(row.count);
    tally.total = Number((await this.grouped(filter, "'all'", {}))[0]?.count ?? 0);
    const params = new SqlParams();
    const where = buildFilter({ ...filter, since: hStart, until: hEnd }, params);
    const range = hEnd - hStart;
    const bins = tally.bins.length;
    // Snapped edges are whole minutes, so a minute's logs share a bin; otherwise the equal-width formula (integer division).
    const binExpression = snapped
      ? 'l.timestamp / 60000'
      : `(l.timestamp - ${params.add(bigintParam(hStart))}::bigint) * ${params.add(bins)}::bigint / ${params.add(range)}::bigint`;
    const { rows } = await this.pool.query<{ slot: string; level: LogLevel; count: string }>(
      `SELECT ${binExpression} AS slot, l.level AS level, count(*) AS count FROM logs l WHERE ${where} GROUP BY 1, 2`,
      params.values,
    );
    for (const row of rows) {
      const slot = Number(row.slot);
      const bin = snapped ? binOf(tally.edges, Math.max(slot * MINUTE, hStart)) : Math.min(bins - 1, slot);
      if (bin >= 0) tally.bins[bin].counts[row.level] = (tally.bins[bin].counts[row.level] ?? 0) + Number(row.count);
    }
  }

  private async grouped(filter: LogFilter, column: string, options: FilterOptions): Promise<{ key: string; count: string }[]> {
    const params = new SqlParams();
    const where = buildFilter(filter, params, options);
    const { rows } = await this.pool.query<{ key: string; count: string }>(
      `SELECT ${column} AS key, count(*) AS count FROM logs l WHERE ${where} GROUP BY 1`,
      params.values,
    );
    return rows;
  }

  private async tagsFromCounts(filter: ProjectFilter): Promise<TagFacet[]> {
    const params = new SqlParams();
    const conditions = [`project_id = ${params.add(filter.projectId)}`];
    if (filter.levels?.length) conditions.push(`level = ANY(${params.add(filter.levels)}::text[])`);
    if (filter.buckets?.length) conditions.push(`bucket = ANY(${params.add(filter.buckets.map(pgText))}::text[])`);
    const { rows } = await this.pool.query<TagCount>(
      `SELECT key, value, count FROM (
         SELECT key, value, sum(count) AS count,
           row_number() OVER (PARTITION BY key ORDER BY sum(count) DESC, value COLLATE "C") AS rank
         FROM tag_counts WHERE ${conditions.join(' AND ')} GROUP BY key, value) ranked
       WHERE rank <= ${params.add(QUERY_LIMITS.statsTagValuesPerKey)} AND count > 0
       ORDER BY key COLLATE "C", count DESC, value COLLATE "C"`,
      params.values,
    );
    return toFacets(rows);
  }

  /** Tag values among the matching logs; each filtered key is counted without its own filter. */
  private async tagsExact(filter: ProjectFilter): Promise<TagFacet[]> {
    const filteredKeys = Object.keys(filter.tags ?? {}).map(pgText);
    const passes: { options: FilterOptions; key: string | null }[] = [{ options: {}, key: null }];
    for (const key of Object.keys(filter.tags ?? {})) passes.push({ options: { omit: { tagKey: key } }, key: pgText(key) });
    const rows: TagCount[] = [];
    for (const pass of passes) {
      const params = new SqlParams();
      const where = buildFilter(filter, params, pass.options);
      const keyCondition =
        pass.key !== null
          ? `AND tv.key = ${params.add(pass.key)}`
          : filteredKeys.length
            ? `AND NOT (tv.key = ANY(${params.add(filteredKeys)}::text[]))`
            : '';
      const found = await this.pool.query<TagCount>(
        `SELECT key, value, count FROM (
           SELECT tv.key, tv.value, count(*) AS count,
             row_number() OVER (PARTITION BY tv.key ORDER BY count(*) DESC, tv.value COLLATE "C") AS rank
           FROM logs l JOIN log_tags tv ON tv.project_id = l.project_id AND tv.log_id = l.id
           WHERE ${where} ${keyCondition}
           GROUP BY tv.key, tv.value) ranked WHERE rank <= ${params.add(QUERY_LIMITS.statsTagValuesPerKey)}`,
        params.values,
      );
      rows.push(...found.rows.map((row) => ({ ...row, count: Number(row.count) })));
    }
    rows.sort((a, b) => a.key.localeCompare(b.key) || Number(b.count) - Number(a.count) || a.value.localeCompare(b.value));
    return toFacets(rows);
  }
}
