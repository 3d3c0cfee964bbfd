import type { LogFilter } from '../log-store';

import { TRIGRAM, type SearchPlan } from './sqlite-search';

export interface SqlQuery {
  /** `FROM ... ` including joins; the log table is aliased `l`. */
  from: string;
  /** Conditions joined with AND (never empty: at least `1`). */
  where: string[];
  params: unknown[];
  /** The id column that orders the walk (the driving index's), e.g. `l.id` or `f.rowid`. */
  idColumn: string;
}

export interface FilterOptions {
  /** Leave one dimension's filter out (facet counts). */
  omit?: 'level' | 'bucket' | { tagKey: string };
  /**
   * The smallest and largest id inside the since/until range. With it the time condition is
   * checked row by row (`+l.timestamp`) while the walk follows an id index, so a page of an old
   * hour does not sort every log of that hour.
   */
  idWindow?: [number, number];
  /** How to run `filter.search` (SqliteSearchPlanner); without one the search is one FTS5 phrase. */
  searchPlan?: SearchPlan;
}

const list = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Quotes a user string as one FTS5 phrase: with the trigram tokenizer that is a substring match. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * Builds the FROM/WHERE of a log query. The driving index is chosen so a newest-first page walks
 * an index in id order and stops after `limit` rows: the FTS index for a search, the tag table for
 * a tag filter (its key ends in log_id), otherwise the logs table with its (project_id, x, id) indexes.
 */
export function buildFilter(filter: LogFilter, options: FilterOptions = {}): SqlQuery {
  const where: string[] = [];
  const params: unknown[] = [];
  let from = 'logs l';
  let idColumn = 'l.id';

  const tagEntries = Object.entries(filter.tags ?? {}).filter(
    ([key]) => !(typeof options.omit === 'object' && options.omit.tagKey === key),
  );
  const search = filter.search ?? '';

  if (search.length >= TRIGRAM) {
    from = 'logs_fts f JOIN logs l ON l.id = f.rowid';
    idColumn = 'f.rowid';
    const plan = options.searchPlan ?? { match: ftsPhrase(search), verify: null };
    where.push('logs_fts MATCH ?');
    params.push(plan.match);
    if (plan.verify) {
      where.push('instr(lower(l.message), ?) > 0');
      params.push(plan.verify);
    }
  } else if (search.length > 0) {
    where.push('instr(lower(l.message), ?) > 0');
    params.push(search.toLowerCase());
  }

  if (search.length < TRIGRAM && tagEntries.length > 0 && filter.projectId !== null) {
    // Drive from the tag table; the first key is as good as any without statistics.
    const [key, values] = tagEntries.shift()!;
    from = 'log_tags t JOIN logs l ON l.id = t.log_id';
    idColumn = 't.log_id';
    where.push(`t.project_id = ? AND t.key = ? AND t.value IN (${list(values)})`);
    params.push(filter.projectId, key, ...values);
  }
  for (const [key, values] of tagEntries) {
    where.push(
      `EXISTS (SELECT 1 FROM log_tags x WHERE x.project_id = l.project_id AND x.key = ? AND x.value IN (${list(values)}) AND x.log_id = l.id)`,
    );
    params.push(key, ...values);
  }

  if (filter.projectId !== null) {
    where.push('l.project_id = ?');
    params.push(filter.projectId);
  }
  if (filter.levels?.length && options.omit !== 'level') {
    where.push(`l.level IN (${list(filter.levels)})`);
    params.push(...filter.levels);
  }
  if (filter.buckets?.length && options.omit !== 'bucket') {
    where.push(`l.bucket IN (${list(filter.buckets)})`);
    params.push(...filter.buckets);
  }
  for (const [column, value] of [
    ['l.trace_id', filter.traceId],
    ['l.user_id', filter.userId],
    ['l.session_id', filter.sessionId],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  // The unary plus keeps SQLite from choosing the time index when an id window already bounds the walk.
  const time = options.idWindow ? '+l.timestamp' : 'l.timestamp';
  if (filter.since !== undefined) {
    where.push(`${time} >= ?`);
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push(`${time} < ?`);
    params.push(filter.until);
  }
  if (options.idWindow) {
    where.push(`${idColumn} BETWEEN ? AND ?`);
    params.push(...options.idWindow);
  }
  if (where.length === 0) where.push('1');
  return { from, where, params, idColumn };
}
