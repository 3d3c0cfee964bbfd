import { INGEST_LIMITS } from '@logdesk/contracts';
import { resolveConfig, type ResolvedConfig } from './config';
import { clip, mergeTags, normalizeEvent } from './log-event';
import { detectPlatform, type ErrorReporter, type Platform } from './platform';
import { createQueue } from './queue';
import { lineOf, serializeContext, utf8Length, uuid, type QueuedLog } from './serialize';
import { createSender, startTimer } from './transport';
import type { ClientStats, LogEvent, LogLevel, LogOptions, ServiceClient, ServiceClientConfig, TagMap } from './types';

/** Per request: far below the server's 10,000 logs and 50 MiB, small enough to retry cheaply. */
const MAX_BATCH_LOGS = 1000;
const MAX_BATCH_CHARS = 1_000_000;

const noop = (): void => undefined;
const resolved = (): Promise<void> => Promise.resolve();

/**
 * A client that does nothing: what a configuration that cannot work gets, instead of an exception.
 * Every method is a no-op; the two that return promises return resolved ones.
 */
const inertClient = (): ServiceClient =>
  new Proxy({} as ServiceClient, {
    get: (_, name) =>
      name === 'flush' || name === 'destroy'
        ? resolved
        : name === 'stats'
          ? () => ({ queued: 0, sent: 0, dropped: 0 })
          : noop,
  });

const warner =
  (platform: Platform) =>
  (message: string, detail?: unknown): void => {
    if (platform.dev) console.warn(`[logdesk] ${message}`, detail ?? '');
  };

/**
 * Creates a Logdesk client. `Tags` types the keys and values of `defaultTags` and of each log's `tags`.
 *
 * Never throws: a configuration it cannot use (no projectId, cloud mode without `endpoint`) gives a
 * client that does nothing, with a console warning when NODE_ENV is "development".
 *
 * @example
 * const logdesk = createServiceClient({ projectId: 'shop', apiKey: 'local', mode: 'local' });
 * logdesk.info({ bucket: 'checkout', message: 'order placed', tags: { plan: 'pro' } });
 */
export function createServiceClient<Tags extends TagMap = TagMap>(
  config: ServiceClientConfig<Tags>,
): ServiceClient<Tags> {
  let platform: Platform | undefined;
  let reason: unknown;
  try {
    platform = detectPlatform();
    const resolvedConfig = resolveConfig(config as ServiceClientConfig);
    // Tags only narrows what callers may pass; at run time every client takes string-to-string tags.
    if (typeof resolvedConfig !== 'string') return createClient(resolvedConfig, platform) as ServiceClient<Tags>;
    reason = resolvedConfig;
  } catch (error) {
    reason = error;
  }
  if (platform) warner(platform)('client disabled:', reason);
  return inertClient();
}

/** The working client behind `createServiceClient`, for a configuration already checked. */
export function createClient(config: ResolvedConfig, platform: Platform): ServiceClient {
  const warn = warner(platform);
  const queue = createQueue<QueuedLog>(config.maxQueueSize);
  const { defaultTags, beforeSend, batchSize, flushInterval } = config;
  const { env, appName, appVersion } = config.base;
  const tagRoom = INGEST_LIMITS.maxTags - Object.keys(defaultTags ?? {}).length;
  let sent = 0;
  let lost = 0;
  let overflowWarned = false;
  let preflight = platform.preflight;
  let userId: string | undefined;
  let sessionId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Sends run one after another on `chain` (one batch in flight, order kept); `pending` is the step not started yet. */
  let chain: Promise<void> = Promise.resolve();
  let pending: Promise<void> | undefined;
  let destroyed: Promise<void> | undefined;
  let detachErrors: (() => void) | undefined;

  const sender = createSender(config, {
    sent(count) {
      sent += count;
      overflowWarned = false;
    },
    dropped(count, reason) {
      lost += count;
      warn(`dropped ${count} log(s): ${reason}`);
    },
  });

  const clearTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** Sends what is queued when the step starts, batch after batch. */
  const drain = async (): Promise<void> => {
    clearTimer();
    for (let left = queue.size; left > 0 && queue.size > 0;) {
      const batch = queue.take(Math.min(left, MAX_BATCH_LOGS), MAX_BATCH_CHARS, (log) => lineOf(log).length);
      left -= batch.length;
      await sender.deliver(batch.map(lineOf));
    }
  };

  const flush = (): Promise<void> => {
    if (!pending) {
      pending = chain
        .then(() => {
          pending = undefined;
          return drain();
        })
        .catch((error: unknown) => warn('send failed', error));
      chain = pending;
    }
    return pending;
  };

  /**
   * For a page going away: what fits in the browser's keepalive allowance (64 KiB in flight) leaves at
   * once in a request that outlives the page; the rest goes the ordinary way, for as long as the page lives.
   */
  const sendNow = (): void => {
    try {
      if (!queue.size) return;
      const room = sender.keepaliveRoom();
      sender.sendNow(queue.take(MAX_BATCH_LOGS, room, (log) => utf8Length(lineOf(log)) + 1).map(lineOf));
      if (queue.size) void flush();
    } catch (error) {
      warn('send failed', error);
    }
  };

  const write = (level: LogLevel, options: LogOptions): void => {
    if (destroyed) return;
    try {
      const tags = mergeTags(defaultTags, options.tags, tagRoom);
      let event: LogEvent | null = {
        eventId: uuid(),
        timestamp: Date.now(),
        level,
        bucket: options.bucket,
        message: options.message,
        tags,
        context: options.context,
        traceId: options.traceId,
        userId,
        sessionId,
        env,
        appName,
        appVersion,
      };
      if (beforeSend && !(event = beforeSend(event))) return;
      if (preflight) {
        // An empty batch (the server answers 200 and stores nothing) gets the preflight done and cached
        // now, while the page is sure to be alive; a log sent as the page closes then goes straight out.
        preflight = false;
        sender.sendNow([]);
      }
      normalizeEvent(event, level, tags);
      // The context is the one mutable thing a log holds: it is snapshotted now; the rest is flat values.
      const { context } = event;
      event.context = undefined;
      const log: QueuedLog = { event, context: context == null ? undefined : serializeContext(context) };
      // Fields a beforeSend added are unchecked: serialising now keeps a bad one to this log.
      if (beforeSend) lineOf(log);
      if (queue.push(log) && !overflowWarned) {
        overflowWarned = true;
        warn('queue full: dropping the oldest logs');
      }
      if (queue.size >= batchSize) void flush();
      else if (timer === undefined) {
        timer = startTimer(() => {
          timer = undefined;
          void flush();
        }, flushInterval);
      }
    } catch (error) {
      lost++;
      warn('log dropped', error);
    }
  };

  const reportError: ErrorReporter = (error, extra) => {
    const err = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
    const isError = typeof err === 'object' && err !== null && typeof err.message === 'string';
    write('error', {
      bucket: 'global_errors',
      message: isError ? (err.message as string) : String(error),
      context: isError
        ? { ...err, name: err.name, stack: err.stack, ...extra }
        : { name: 'NonError', value: error, ...extra },
    });
  };

  const detachGlobalErrorHandlers = (): void => {
    detachErrors?.();
    detachErrors = undefined;
  };
  const undoLeave = platform.onLeave({ sendNow, flush: () => (queue.size ? flush() : resolved()) });

  /** Setters must not throw either, even for a value whose toString does. */
  const guard =
    <T>(fn: (value: T) => void) =>
    (value: T): void => {
      try {
        fn(value);
      } catch (error) {
        warn('ignored', error);
      }
    };

  return {
    debug: (options) => write('debug', options),
    info: (options) => write('info', options),
    warn: (options) => write('warn', options),
    error: (options) => write('error', options),
    fatal: (options) => write('fatal', options),
    log: (options) => write('info', options),
    setUser: guard((user) => (userId = clip(user?.id))),
    setSessionId: guard((id) => (sessionId = clip(id))),
    flush,
    attachGlobalErrorHandlers() {
      if (!detachErrors && !destroyed) detachErrors = platform.captureErrors(reportError, flush);
    },
    detachGlobalErrorHandlers,
    destroy() {
      if (!destroyed) {
        detachGlobalErrorHandlers();
        undoLeave();
        destroyed = flush().then(clearTimer);
      }
      return destroyed;
    },
    stats: (): ClientStats => ({ queued: queue.size, sent, dropped: lost + queue.dropped }),
  };
}
