import type { LogRecord } from '@logdesk/contracts';
import type { LogFilter } from '../storage/log-store';

/**
 * Whether one stored log passes a parsed filter, in memory: live logs arrive already stored, so
 * asking the database again for every flush and subscriber would cost a query each. Mirrors the
 * SQL of `buildFilter` (storage/sqlite/sqlite-filter.ts); the e2e specs hold the two together.
 */
export function matchesFilter(log: LogRecord, filter: LogFilter, search = lowerSearch(filter)): boolean {
  if (filter.projectId !== null && log.projectId !== filter.projectId) return false;
  if (filter.levels && !filter.levels.includes(log.level)) return false;
  if (filter.buckets && !filter.buckets.includes(log.bucket)) return false;
  if (filter.traceId !== undefined && log.traceId !== filter.traceId) return false;
  if (filter.userId !== undefined && log.userId !== filter.userId) return false;
  if (filter.sessionId !== undefined && log.sessionId !== filter.sessionId) return false;
  if (filter.since !== undefined && log.timestamp < filter.since) return false;
  if (filter.until !== undefined && log.timestamp >= filter.until) return false;
  if (filter.tags) {
    // AND across keys, OR among the values of one key.
    for (const key in filter.tags) {
      const value = log.tags[key];
      if (value === undefined || !filter.tags[key].includes(value)) return false;
    }
  }
  return search === undefined || log.message.toLowerCase().includes(search);
}

/** The search lower-cased once per filter rather than once per log. */
export const lowerSearch = (filter: LogFilter): string | undefined => filter.search?.toLowerCase();

/** The matching logs of one batch, keeping their (ascending id) order. */
export function matchingLogs(logs: LogRecord[], filter: LogFilter): LogRecord[] {
  const search = lowerSearch(filter);
  const unfiltered =
    !filter.levels &&
    !filter.buckets &&
    !filter.tags &&
    search === undefined &&
    filter.traceId === undefined &&
    filter.userId === undefined &&
    filter.sessionId === undefined &&
    filter.since === undefined &&
    filter.until === undefined;
  // A bare project subscription (the common case) takes the whole batch as it is.
  if (unfiltered && (filter.projectId === null || logs.every((log) => log.projectId === filter.projectId))) return logs;
  return logs.filter((log) => matchesFilter(log, filter, search));
}

/**
 * A stable key of a filter without its project: subscribers with equal keys see the same logs of
 * a batch, so the batch is filtered (and encoded by Socket.IO) once for all of them.
 */
export function filterSignature(filter: LogFilter): string {
  const tags = filter.tags
    ? Object.keys(filter.tags)
        .sort()
        .map((key) => [key, [...filter.tags![key]].sort()])
    : null;
  return JSON.stringify([
    filter.levels ? [...filter.levels].sort() : null,
    filter.buckets ? [...filter.buckets].sort() : null,
    tags,
    filter.search?.toLowerCase() ?? null,
    filter.traceId ?? null,
    filter.userId ?? null,
    filter.sessionId ?? null,
    filter.since ?? null,
    filter.until ?? null,
  ]);
}
