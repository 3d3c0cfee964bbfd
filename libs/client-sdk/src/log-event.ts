import { INGEST_LIMITS, LOG_LEVELS } from '@logdesk/contracts';
import { uuid } from './serialize';
import type { LogEvent, LogLevel, TagMap } from './types';

/**
 * The server rejects a whole request for one entry out of bounds (CONTRACT section 3), so each log is
 * brought within them here. A UTF-16 unit is at most 3 UTF-8 bytes: this many units always fit.
 */
const MESSAGE_UNITS = Math.floor(INGEST_LIMITS.maxMessageBytes / 3);

/** The longest each string field may be. */
const MAX_LENGTH: Record<string, number> = {
  bucket: INGEST_LIMITS.maxBucketLength,
  message: MESSAGE_UNITS,
  eventId: INGEST_LIMITS.maxEventIdLength,
};
for (const key of ['traceId', 'userId', 'sessionId', 'env', 'appName', 'appVersion']) {
  MAX_LENGTH[key] = INGEST_LIMITS.maxOptionalStringLength;
}

/** A string cut to a length bound; null and undefined stay undefined. */
export const clip = (value: unknown, max: number = INGEST_LIMITS.maxOptionalStringLength): string | undefined =>
  value == null ? undefined : String(value).slice(0, max);

/**
 * `tags` copied over `base` (clean already) in the shape the server accepts: string values, keys of
 * 1..64 chars, at most 64 keys. `room` is how many keys `base` leaves free: while no more tags than that
 * come, the bound cannot be passed and this hot path counts nothing.
 */
export function mergeTags(
  base: TagMap | undefined,
  tags: unknown,
  room: number = INGEST_LIMITS.maxTags - Object.keys(base ?? {}).length,
): TagMap | undefined {
  if (!tags || typeof tags !== 'object') return base;
  const out: TagMap = { ...base };
  let added = 0;
  for (const key in tags) {
    const value = (tags as Record<string, unknown>)[key];
    if (value != null && key && key.length <= INGEST_LIMITS.maxTagKeyLength) {
      out[key] = typeof value === 'string' ? value : String(value);
      added++;
    }
  }
  // Keys keep their first position, so past the bound the newest per-log keys go and the defaults stay.
  if (added > room) for (const key of Object.keys(out).slice(INGEST_LIMITS.maxTags)) delete out[key];
  return out;
}

/**
 * Brings a log (as the caller or `beforeSend` left it) within the server's bounds, in place.
 * `cleanTags` is the tags object known to be clean already (made by `mergeTags`).
 */
export function normalizeEvent(event: LogEvent, fallbackLevel: LogLevel, cleanTags?: TagMap): LogEvent {
  const fields = event as unknown as Record<string, unknown>;
  for (const key in MAX_LENGTH) {
    const value = fields[key];
    if (value != null && (typeof value !== 'string' || value.length > MAX_LENGTH[key])) {
      fields[key] = clip(value, MAX_LENGTH[key]);
    }
  }
  if (!event.bucket) event.bucket = 'default';
  if (event.message == null) event.message = '';
  if (!event.eventId) event.eventId = uuid();
  if (!LOG_LEVELS.includes(event.level)) event.level = fallbackLevel;
  if (typeof event.timestamp !== 'number' || !isFinite(event.timestamp)) event.timestamp = Date.now();
  if (event.tags !== cleanTags) event.tags = mergeTags(undefined, event.tags);
  // The server takes an object only; an array or a scalar is kept under `value` rather than costing a 400.
  const { context } = event;
  if (context != null && (typeof context !== 'object' || Array.isArray(context))) event.context = { value: context };
  return event;
}
