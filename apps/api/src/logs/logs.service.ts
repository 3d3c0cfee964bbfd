import {
  QUERY_LIMITS,
  type ContextResponse,
  type ContextScope,
  type ErrorDetail,
  type LogRecord,
  type LogsPage,
  type StatsResponse,
  type TailResponse,
} from '@logdesk/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { LOG_STORE, type LogFilter, type LogStore } from '../storage/log-store';
import { parseFilter, parseInteger, parseLimit, throwIfInvalid, type RawFilter } from './log-filter.parser';

export type LogsQuery = RawFilter & { beforeId?: string; limit?: string; buckets?: string };

const CONTEXT_SCOPES = new Set<ContextScope>(['bucket', 'trace', 'session', 'user']);
const EXPORT_PAGE = 1000;

/** The rules of the read endpoints; the engine behind them is the LogStore. */
@Injectable()
export class LogsService {
  constructor(@Inject(LOG_STORE) private readonly store: LogStore) {}

  async list(query: LogsQuery): Promise<LogsPage> {
    const errors: ErrorDetail[] = [];
    const filter = parseFilter(query, errors, { requireProject: true });
    const limit = parseLimit(query.limit, errors);
    const beforeId = parseInteger(query.beforeId, 'beforeId', errors);
    throwIfInvalid(errors);
    // One row more than asked says whether another page exists.
    const logs = await this.store.page(filter, { beforeId, limit: limit + 1 });
    const hasMore = logs.length > limit;
    if (hasMore) logs.pop();
    return { logs, count: logs.length, hasMore };
  }

  async tail(query: { limit?: string; level?: string }): Promise<TailResponse> {
    const errors: ErrorDetail[] = [];
    const filter = parseFilter({ level: query.level }, errors, { requireProject: false });
    const limit = parseLimit(query.limit, errors, { fallback: QUERY_LIMITS.tailDefault, max: QUERY_LIMITS.tailMax });
    throwIfInvalid(errors);
    const logs = await this.store.page(filter, { limit });
    return { logs, count: logs.length };
  }

  async findOne(rawId: string): Promise<LogRecord> {
    const id = Number(rawId);
    const log = Number.isSafeInteger(id) ? await this.store.findById(id) : null;
    if (!log) throw ApiError.notFound(`Log ${rawId} not found`);
    return log;
  }

  async context(rawId: string, query: { by?: string; before?: string; after?: string }): Promise<ContextResponse> {
    const errors: ErrorDetail[] = [];
    const scope = query.by ? (query.by as ContextScope) : null;
    if (scope !== null && !CONTEXT_SCOPES.has(scope)) {
      errors.push({ path: 'by', message: 'must be one of bucket, trace, session, user' });
    }
    const window = { fallback: QUERY_LIMITS.contextDefault, max: QUERY_LIMITS.contextMax, min: 0 };
    const before = parseLimit(query.before, errors, { ...window, path: 'before' });
    const after = parseLimit(query.after, errors, { ...window, path: 'after' });
    throwIfInvalid(errors);
    const log = await this.findOne(rawId);
    const neighbours = await this.store.context(log, scope, before, after);
    return { before: neighbours.before, log, after: neighbours.after };
  }

  async stats(query: LogsQuery): Promise<StatsResponse> {
    const errors: ErrorDetail[] = [];
    const filter = parseFilter(query, errors, { requireProject: true });
    const bins = parseLimit(query.buckets, errors, { path: 'buckets', fallback: QUERY_LIMITS.histogramBuckets, max: 1000 });
    throwIfInvalid(errors);
    return this.store.stats(filter as LogFilter & { projectId: string }, bins);
  }

  /** Validates an export's filters up front, so a bad one is a 400 and not a broken download. */
  exportFilter(query: LogsQuery): LogFilter {
    const errors: ErrorDetail[] = [];
    const filter = parseFilter(query, errors, { requireProject: true });
    throwIfInvalid(errors);
    return filter;
  }

  /** Every matching log, newest first, a page at a time so a large export never blocks the loop. */
  async *exportLogs(filter: LogFilter): AsyncGenerator<LogRecord> {
    let beforeId: number | undefined;
    for (;;) {
      const page = await this.store.page(filter, { beforeId, limit: EXPORT_PAGE });
      yield* page;
      if (page.length < EXPORT_PAGE) return;
      beforeId = page[page.length - 1].id;
    }
  }
}
