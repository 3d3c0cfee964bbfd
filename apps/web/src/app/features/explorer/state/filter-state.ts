import {
  LOG_LEVELS,
  type LogLevel,
  type LogQueryParams,
  type LogRecord,
  type SubscribeRequest,
  type TagFilter,
} from '@logdesk/contracts';
import { parseTagParam, tagsToJson, tagsToUrlParam } from './tag-param';
import { ALL_TIME, type TimeRange, parseRange, rangeToParams, resolveRange, sameRange } from './time-range';

/** Everything the explorer filters on; it round-trips through the URL query string. */
export interface ExplorerFilters {
  /** Empty: every level. */
  levels: LogLevel[];
  /** Empty: every bucket. */
  buckets: string[];
  /** AND across keys, OR within a key's values. */
  tags: TagFilter;
  search: string;
  traceId: string | null;
  userId: string | null;
  sessionId: string | null;
  range: TimeRange;
  /** False once the user paused live updates (`live=off`); scrolling away pauses without this. */
  live: boolean;
}

export const EMPTY_FILTERS: ExplorerFilters = {
  levels: [],
  buckets: [],
  tags: {},
  search: '',
  traceId: null,
  userId: null,
  sessionId: null,
  range: ALL_TIME,
  live: true,
};

/** What Angular's ParamMap and URLSearchParams both offer. */
export interface ParamReader {
  get(name: string): string | null;
}

/** The query parameters the explorer owns: the names of `GET /api/logs` plus range and live. */
export const FILTER_PARAM_NAMES = [
  'level',
  'bucket',
  'tags',
  'search',
  'traceId',
  'userId',
  'sessionId',
  'range',
  'since',
  'until',
  'live',
] as const;

const splitList = (raw: string | null): string[] =>
  raw ? [...new Set(raw.split(',').filter((item) => item !== ''))] : [];

const nonEmpty = (raw: string | null): string | null => (raw && raw.trim() !== '' ? raw : null);

export function parseLevels(raw: string | null): LogLevel[] {
  const wanted = new Set(splitList(raw).map((level) => level.toLowerCase()));
  return LOG_LEVELS.filter((level) => wanted.has(level));
}

/** Reads the filters from the URL; unknown levels and malformed values are ignored, not fatal. */
export function parseFilters(params: ParamReader): ExplorerFilters {
  return {
    levels: parseLevels(params.get('level')),
    buckets: splitList(params.get('bucket')),
    tags: parseTagParam(params.get('tags')),
    search: params.get('search') ?? '',
    traceId: nonEmpty(params.get('traceId')),
    userId: nonEmpty(params.get('userId')),
    sessionId: nonEmpty(params.get('sessionId')),
    range: parseRange((name) => params.get(name)),
    live: !['off', 'false', '0'].includes(params.get('live') ?? ''),
  };
}

/** The URL form of the filters; defaults are left out so a plain explorer URL stays plain. */
export function toQueryParams(filters: ExplorerFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.levels.length > 0) params['level'] = LOG_LEVELS.filter((l) => filters.levels.includes(l)).join(',');
  if (filters.buckets.length > 0) params['bucket'] = filters.buckets.join(',');
  const tags = tagsToUrlParam(filters.tags);
  if (tags) params['tags'] = tags;
  if (filters.search) params['search'] = filters.search;
  if (filters.traceId) params['traceId'] = filters.traceId;
  if (filters.userId) params['userId'] = filters.userId;
  if (filters.sessionId) params['sessionId'] = filters.sessionId;
  Object.assign(params, rangeToParams(filters.range));
  if (!filters.live) params['live'] = 'off';
  return params;
}

/** Router `queryParams` that set the explorer's parameters and clear the ones now at default. */
export function toRouterQueryParams(filters: ExplorerFilters): Record<string, string | null> {
  const params: Record<string, string | null> = Object.fromEntries(FILTER_PARAM_NAMES.map((name) => [name, null]));
  return Object.assign(params, toQueryParams(filters));
}

/** The `GET /api/logs` (and stats, export) parameters at time `now`. */
export function toLogQuery(projectId: string, filters: ExplorerFilters, now: number): LogQueryParams {
  const query: LogQueryParams = { projectId, ...resolveRange(filters.range, now) };
  if (filters.levels.length > 0) query.level = filters.levels.join(',');
  if (filters.buckets.length > 0) query.bucket = filters.buckets.join(',');
  const tags = tagsToJson(filters.tags);
  if (tags) query.tags = tags;
  if (filters.search) query.search = filters.search;
  if (filters.traceId) query.traceId = filters.traceId;
  if (filters.userId) query.userId = filters.userId;
  if (filters.sessionId) query.sessionId = filters.sessionId;
  return query;
}

/** The live subscription of the same filters (the server filters level, bucket, tags, search). */
export function toSubscribeRequest(projectId: string, filters: ExplorerFilters, afterId?: number): SubscribeRequest {
  const request: SubscribeRequest = { projectId };
  if (filters.levels.length > 0) request.level = filters.levels.join(',');
  if (filters.buckets.length > 0) request.bucket = filters.buckets.join(',');
  const tags = tagsToJson(filters.tags);
  if (tags) request.tags = tags;
  if (filters.search) request.search = filters.search;
  if (afterId !== undefined) request.afterId = afterId;
  return request;
}

/**
 * The API's filter rules applied to one live log. Subscriptions carry no traceId, userId,
 * sessionId or time bounds, so those are checked here; the rest is re-checked for safety.
 */
export function matchesFilters(log: LogRecord, filters: ExplorerFilters, now: number): boolean {
  if (filters.levels.length > 0 && !filters.levels.includes(log.level)) return false;
  if (filters.buckets.length > 0 && !filters.buckets.includes(log.bucket)) return false;
  for (const [key, values] of Object.entries(filters.tags)) {
    if (values.length > 0 && !values.includes(log.tags[key])) return false;
  }
  if (filters.search && !log.message.toLowerCase().includes(filters.search.toLowerCase())) return false;
  if (filters.traceId && log.traceId !== filters.traceId) return false;
  if (filters.userId && log.userId !== filters.userId) return false;
  if (filters.sessionId && log.sessionId !== filters.sessionId) return false;
  const { since, until } = resolveRange(filters.range, now);
  if (since !== undefined && log.timestamp < since) return false;
  if (until !== undefined && log.timestamp >= until) return false;
  return true;
}

/** Equal when they query the same logs; live on/off is not part of what is queried. */
export function sameQuery(a: ExplorerFilters, b: ExplorerFilters): boolean {
  const withoutLive = (f: ExplorerFilters): string => JSON.stringify({ ...toQueryParams(f), live: null });
  return sameRange(a.range, b.range) && withoutLive(a) === withoutLive(b);
}

export function sameFilters(a: ExplorerFilters, b: ExplorerFilters): boolean {
  return sameQuery(a, b) && a.live === b.live;
}

/** True when anything narrows the logs (the "clear filters" button shows then). */
export function hasNarrowingFilters(filters: ExplorerFilters): boolean {
  return !sameQuery(filters, EMPTY_FILTERS);
}

/** A saved view's `query` (the keys of `GET /api/logs`, values maybe numbers) as filters. */
export function filtersFromSavedQuery(query: object): ExplorerFilters {
  const values = query as Record<string, unknown>;
  return parseFilters({
    get: (name) => {
      const value = values[name];
      if (value === undefined || value === null) return null;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    },
  });
}
