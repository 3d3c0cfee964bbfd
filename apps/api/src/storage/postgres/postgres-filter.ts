import type { LogFilter } from '../log-store';
import { bigintParam, likePattern, pgText, type SqlParams } from './postgres-sql';

export interface FilterOptions {
  /** Leave one dimension's filter out (facet counts). */
  omit?: 'level' | 'bucket' | { tagKey: string };
  /**
   * Ids bounding every log inside the since/until range: a page of an old hour then walks the id
   * index between them instead of every newer log.
   */
  idWindow?: [number, number];
}

/**
 * The WHERE of a log query on `logs l`. Plain conditions: the planner picks the driving index
 * (the `(project_id, x, id)` btrees, the trigram GIN index for a search, the tag table's key for
 * a tag), which PostgreSQL does well with real statistics.
 */
/**
 * `column = $n` for one value, `column = ANY($n)` for several: with one value the planner knows an
 * index scan of (project_id, column, id) comes out in id order, so a page stops after `limit` rows.
 */
function oneOf(column: string, values: string[], params: SqlParams): string {
  return values.length === 1 ? `${column} = ${params.add(values[0])}` : `${column} = ANY(${params.add(values)}::text[])`;
}

export function buildFilter(filter: LogFilter, params: SqlParams, options: FilterOptions = {}): string {
  const where: string[] = [];
  if (filter.projectId !== null) where.push(`l.project_id = ${params.add(filter.projectId)}`);
  if (filter.search) where.push(`l.message ILIKE ${params.add(likePattern(filter.search))}`);
  for (const [key, values] of Object.entries(filter.tags ?? {})) {
    if (typeof options.omit === 'object' && options.omit.tagKey === key) continue;
    where.push(
      `EXISTS (SELECT 1 FROM log_tags x WHERE x.project_id = l.project_id AND x.key = ${params.add(pgText(key))}
        AND ${oneOf('x.value', values.map(pgText), params)} AND x.log_id = l.id)`,
    );
  }
  if (filter.levels?.length && options.omit !== 'level') where.push(oneOf('l.level', filter.levels, params));
  if (filter.buckets?.length && options.omit !== 'bucket') where.push(oneOf('l.bucket', filter.buckets.map(pgText), params));
  for (const [column, value] of [
    ['l.trace_id', filter.traceId],
    ['l.user_id', filter.userId],
    ['l.session_id', filter.sessionId],
  ] as const) {
    if (value !== undefined) where.push(`${column} = ${params.add(pgText(value))}`);
  }
  if (filter.since !== undefined) where.push(`l.timestamp >= ${params.add(bigintParam(filter.since))}`);
  if (filter.until !== undefined) where.push(`l.timestamp < ${params.add(bigintParam(filter.until))}`);
  if (options.idWindow) where.push(`l.id BETWEEN ${params.add(options.idWindow[0])} AND ${params.add(options.idWindow[1])}`);
  return where.length > 0 ? where.join(' AND ') : 'TRUE';
}
