/** Severity of a log, lowest to highest. The same five levels the Logdesk server accepts. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Which Logdesk the client talks to:
 * `local` http://localhost:17655, `desktop` http://localhost:8787, `cloud` the `endpoint` you give.
 */
export type ClientMode = 'local' | 'desktop' | 'cloud';

/** Flat string-to-string pairs; every key becomes a filter in the Logdesk dashboard. */
export type TagMap = Record<string, string>;

/** What a level method (`info`, `error`, ...) takes. */
export interface LogOptions<Tags extends TagMap = TagMap> {
  /** The log message. */
  message: string;
  /** Category or namespace, e.g. `checkout` or `auth`. */
  bucket: string;
  /** Any structured data; made JSON-safe (cycles, BigInt, functions, Errors) before sending. */
  context?: Record<string, unknown>;
  /** Merged over `defaultTags`; on a key conflict these win. */
  tags?: Partial<Tags>;
  /** Links related logs. */
  traceId?: string;
}

/** Argument of `setUser`. Only `id` is sent (as `userId`); the other fields stay in your app. */
export interface UserInfo {
  id: string;
  email?: string;
  name?: string;
  traits?: Record<string, unknown>;
}

/** One log as it will be sent: what `beforeSend` receives and may change. */
export interface LogEvent {
  /** Random UUID given when the log is queued; the server drops a second copy with the same id. */
  eventId: string;
  /** Unix milliseconds at the time of the call. */
  timestamp: number;
  level: LogLevel;
  bucket: string;
  message: string;
  tags?: TagMap;
  context?: Record<string, unknown>;
  traceId?: string;
  userId?: string;
  sessionId?: string;
  env?: string;
  appName?: string;
  appVersion?: string;
}

/** The request the client makes; a subset of the standard `RequestInit`. */
export interface FetchInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string | ArrayBuffer;
  keepalive?: boolean;
  signal?: AbortSignal;
}

/** The parts of a `Response` the client reads. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A `fetch`-compatible function; the standard `fetch` fits. */
export type FetchFunction = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Options of `createServiceClient`. */
export interface ServiceClientConfig<Tags extends TagMap = TagMap> {
  /** Project the logs go to; created by the server on first use. */
  projectId: string;
  /** Sent as `Authorization: Bearer <apiKey>` in `cloud` mode only; any string in local mode. */
  apiKey: string;
  /** Selects the endpoint; see {@link ClientMode}. */
  mode: ClientMode;
  /** Base URL of the Logdesk server (without `/logs`); always overrides the mode's URL. */
  endpoint?: string;
  /** Environment label attached to every log. */
  env?: string;
  /** Application name attached to every log. */
  appName?: string;
  /** Application version attached to every log. */
  appVersion?: string;
  /** Tags merged into every log. */
  defaultTags?: Partial<Tags>;
  /** Queued logs that trigger a send. Default 10. */
  batchSize?: number;
  /** Milliseconds after the first queued log before a send. Default 5000. */
  flushInterval?: number;
  /** Custom fetch; the global `fetch` by default. */
  fetch?: FetchFunction;
  /** When true, bodies are plain JSON instead of gzip. Default false. */
  isDebug?: boolean;
  /** Logs kept while waiting to be sent; past it the oldest are dropped and counted. Default 10,000. */
  maxQueueSize?: number;
  /** Return the log (possibly changed) or `null` to drop it. A hook that throws drops the log. */
  beforeSend?: (log: LogEvent) => LogEvent | null;
}

/** Counters of one client. */
export interface ClientStats {
  /** Logs waiting to be sent. */
  queued: number;
  /** Logs the server accepted. */
  sent: number;
  /** Logs lost: queue overflow, rejected by the server, out of retries, or dropped by `beforeSend`'s failure. */
  dropped: number;
}

/** The client returned by `createServiceClient`. No method throws and no returned promise rejects. */
export interface ServiceClient<Tags extends TagMap = TagMap> {
  /** Queues a log of level `debug`. */
  debug(options: LogOptions<Tags>): void;
  /** Queues a log of level `info`. */
  info(options: LogOptions<Tags>): void;
  /** Queues a log of level `warn`. */
  warn(options: LogOptions<Tags>): void;
  /** Queues a log of level `error`. */
  error(options: LogOptions<Tags>): void;
  /** Queues a log of level `fatal`. */
  fatal(options: LogOptions<Tags>): void;
  /** Alias of `info`. */
  log(options: LogOptions<Tags>): void;
  /** Attaches `user.id` as `userId` to every later log; `null` clears it. */
  setUser(user: UserInfo | null): void;
  /** Attaches `sessionId` to every later log; `null` clears it. */
  setSessionId(sessionId: string | null): void;
  /** Sends everything queued now; resolves when it is sent or given up. */
  flush(): Promise<void>;
  /**
   * Logs uncaught errors and unhandled promise rejections (bucket `global_errors`, level `error`).
   * In Node the process still exits with code 1 after an uncaught exception when no other
   * `uncaughtException` listener exists, once the logs are flushed (at most 2 s).
   */
  attachGlobalErrorHandlers(): void;
  /** Removes the handlers added by `attachGlobalErrorHandlers`. */
  detachGlobalErrorHandlers(): void;
  /** Flushes, stops timers and removes every listener; later logs are ignored. Safe to call twice. */
  destroy(): Promise<void>;
  /** Counters: queued, sent, dropped. */
  stats(): ClientStats;
}
