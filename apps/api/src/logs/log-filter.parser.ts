import { LOG_LEVELS, QUERY_LIMITS, type ErrorDetail, type LogLevel, type TagFilter } from '@logdesk/contracts';
import { ApiError } from '../common/api-error';
import type { LogFilter } from '../storage/log-store';

/** Raw filter input: query-string values, or the arrays a Socket.IO subscription may send. */
export interface RawFilter {
  projectId?: unknown;
  level?: unknown;
  bucket?: unknown;
  tags?: unknown;
  search?: unknown;
  traceId?: unknown;
  userId?: unknown;
  sessionId?: unknown;
  since?: unknown;
  until?: unknown;
}

const LEVELS = new Set<string>(LOG_LEVELS);

const commaList = (value: unknown): string[] => {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => item.trim()).filter(Boolean);
};

/** Tags as JSON (`{"env":"prod","region":["eu","us"]}`) or pairs (`env:prod,region:eu`). */
export function parseTags(raw: unknown, errors: ErrorDetail[]): TagFilter | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const filter: TagFilter = Object.create(null);
  const add = (key: string, value: unknown): boolean => {
    if (!key || !['string', 'number', 'boolean'].includes(typeof value)) return false;
    (filter[key] ??= []).push(String(value));
    return true;
  };
  let object: unknown = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      object = JSON.parse(raw);
    } catch {
      errors.push({ path: 'tags', message: 'is not valid JSON' });
      return undefined;
    }
  }
  if (typeof object === 'string') {
    for (const pair of object.split(',').map((item) => item.trim()).filter(Boolean)) {
      const at = pair.indexOf(':');
      if (at < 1 || !add(pair.slice(0, at).trim(), pair.slice(at + 1).trim())) {
        errors.push({ path: 'tags', message: `"${pair}" is not a key:value pair` });
        return undefined;
      }
    }
  } else if (typeof object === 'object' && object !== null && !Array.isArray(object)) {
    for (const [key, value] of Object.entries(object)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0 || !values.every((item) => add(key, item))) {
        errors.push({ path: `tags.${key}`, message: 'must be a string or an array of strings' });
        return undefined;
      }
    }
  } else {
    errors.push({ path: 'tags', message: 'must be a JSON object or key:value pairs' });
    return undefined;
  }
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** An optional integer parameter; a value that is not a number is a 400. */
export function parseInteger(raw: unknown, path: string, errors: ErrorDetail[]): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(value)) {
    errors.push({ path, message: 'must be a number' });
    return undefined;
  }
  return Math.floor(value);
}

const optionalString = (raw: unknown): string | undefined =>
  typeof raw === 'string' && raw.length > 0 ? raw : undefined;

/**
 * Parses the filters shared by `GET /api/logs`, stats, export and live subscriptions. Collects
 * every bad parameter into `errors` (the caller throws once), so a client sees them all at once.
 */
export function parseFilter(raw: RawFilter, errors: ErrorDetail[], options: { requireProject: boolean }): LogFilter {
  const projectId = optionalString(raw.projectId);
  if (!projectId && options.requireProject) errors.push({ path: 'projectId', message: 'is required' });
  const levels = commaList(raw.level).map((level) => level.toLowerCase());
  const unknown = levels.filter((level) => !LEVELS.has(level));
  if (unknown.length > 0) {
    errors.push({ path: 'level', message: `unknown level "${unknown[0]}"; use ${LOG_LEVELS.join(', ')}` });
  }
  const buckets = commaList(raw.bucket);
  return {
    projectId: projectId ?? null,
    levels: levels.length > 0 ? [...new Set(levels)] as LogLevel[] : undefined,
    buckets: buckets.length > 0 ? [...new Set(buckets)] : undefined,
    tags: parseTags(raw.tags, errors),
    search: optionalString(raw.search),
    traceId: optionalString(raw.traceId),
    userId: optionalString(raw.userId),
    sessionId: optionalString(raw.sessionId),
    since: parseInteger(raw.since, 'since', errors),
    until: parseInteger(raw.until, 'until', errors),
  };
}

export interface CountOptions {
  path?: string;
  fallback?: number;
  max?: number;
  min?: number;
}

/** A count parameter (`limit` by default): a default, clamped to the maximum; below the minimum or not a number is a 400. */
export function parseLimit(raw: unknown, errors: ErrorDetail[], options: CountOptions = {}): number {
  const { path = 'limit', fallback = QUERY_LIMITS.defaultLimit, max = QUERY_LIMITS.maxLimit, min = 1 } = options;
  const value = parseInteger(raw, path, errors);
  if (value === undefined) return fallback;
  if (value < min) {
    errors.push({ path, message: `must be at least ${min}` });
    return fallback;
  }
  return Math.min(value, max);
}

export function throwIfInvalid(errors: ErrorDetail[]): void {
  if (errors.length > 0) throw ApiError.badRequest(`Invalid query: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, errors);
}
