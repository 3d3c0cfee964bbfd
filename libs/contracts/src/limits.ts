/** Defaults and bounds of the contract, one place for server, SDK and dashboard. */
export const DEFAULT_PORT = 17655;
export const DESKTOP_PORT = 8787;

export const INGEST_LIMITS = {
  /** Bytes on the wire. */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Bytes after gzip/deflate. */
  maxInflatedBytes: 50 * 1024 * 1024,
  maxLogsPerRequest: 10_000,
  maxProjectIdLength: 128,
  maxBucketLength: 128,
  maxMessageBytes: 256 * 1024,
  maxTags: 64,
  maxTagKeyLength: 64,
  maxContextDepth: 32,
  maxOptionalStringLength: 256,
  maxEventIdLength: 64,
} as const;

export const WRITER = {
  /** The background writer wakes this often... */
  flushIntervalMs: 100,
  /** ...or sooner when this many logs wait; also the multi-row insert size. */
  batchSize: 50,
} as const;

export const QUERY_LIMITS = {
  defaultLimit: 100,
  maxLimit: 1000,
  tailDefault: 20,
  tailMax: 100,
  contextDefault: 25,
  contextMax: 500,
  histogramBuckets: 60,
  /** Values listed per tag key by `GET /api/projects/:id/tags`. */
  tagValuesPerKey: 100,
  /** Values listed per tag key by `GET /api/logs/stats`. */
  statsTagValuesPerKey: 20,
} as const;

export const LIVE_LIMITS = {
  /** Oldest N logs sent for an `afterId` replay; more is reported as `lagged`. */
  replayMax: 1000,
} as const;

export const SDK_HEADER = 'X-Service-SDK-Version';
