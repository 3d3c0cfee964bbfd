import { INGEST_LIMITS, LOG_LEVELS, type ErrorDetail, type LogLevel } from '@logdesk/contracts';
import { ApiError } from '../common/api-error';
import type { IntakeLog } from './intake-batch';

// Hand-written rather than a schema library: one pass over up to 10,000 entries that collects every
// bad field with the contract's paths (`logs[3].level`) and normalises as it goes (levels, tag values).

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const LEVELS = new Set<string>(LOG_LEVELS);
const OPTIONAL_STRINGS = ['traceId', 'userId', 'sessionId', 'env', 'appName', 'appVersion'] as const;
const MAX_DETAILS = 100;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Depth of nested objects/arrays; the context object itself is level 1. Stops early past `limit`. */
function depthExceeds(value: unknown, limit: number, depth = 1): boolean {
  if (depth > limit) return true;
  const children = Array.isArray(value) ? value : Object.values(value as Json);
  for (const child of children) {
    if (typeof child === 'object' && child !== null && depthExceeds(child, limit, depth + 1)) return true;
  }
  return false;
}

class Collector {
  readonly details: ErrorDetail[] = [];
  add(path: string, message: string): void {
    if (this.details.length < MAX_DETAILS) this.details.push({ path, message });
  }
}

function readString(entry: Json, key: string, path: string, max: number, errors: Collector, min = 0): string | null {
  const value = entry[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors.add(`${path}.${key}`, 'must be a string');
    return null;
  }
  if (value.length < min || value.length > max) errors.add(`${path}.${key}`, `must be ${min}..${max} characters`);
  return value;
}

function readTags(value: unknown, path: string, errors: Collector): Record<string, string> | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    errors.add(path, 'must be an object of string values');
    return null;
  }
  const keys = Object.keys(value);
  if (keys.length > INGEST_LIMITS.maxTags) errors.add(path, `must have at most ${INGEST_LIMITS.maxTags} keys`);
  if (keys.length === 0) return null;
  // A null-prototype object: a `__proto__` key stays an ordinary key.
  const tags: Record<string, string> = Object.create(null);
  for (const key of keys) {
    const raw = value[key];
    if (key.length < 1 || key.length > INGEST_LIMITS.maxTagKeyLength) {
      errors.add(`${path}.${key}`, `tag keys must be 1..${INGEST_LIMITS.maxTagKeyLength} characters`);
    }
    if (typeof raw === 'string') tags[key] = raw;
    else if (typeof raw === 'number' || typeof raw === 'boolean') tags[key] = String(raw);
    else errors.add(`${path}.${key}`, 'must be a string, number or boolean');
  }
  return tags;
}

function readContext(value: unknown, path: string, errors: Collector): string | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    errors.add(path, 'must be a JSON object or null');
    return null;
  }
  if (depthExceeds(value, INGEST_LIMITS.maxContextDepth)) {
    errors.add(path, `must be nested at most ${INGEST_LIMITS.maxContextDepth} levels`);
    return null;
  }
  return JSON.stringify(value);
}

function readEntry(entry: unknown, path: string, now: number, errors: Collector): IntakeLog | null {
  if (!isObject(entry)) {
    errors.add(path, 'must be an object');
    return null;
  }
  const bucket = entry.bucket;
  if (typeof bucket !== 'string' || bucket.length < 1 || bucket.length > INGEST_LIMITS.maxBucketLength) {
    errors.add(`${path}.bucket`, `is required: a string of 1..${INGEST_LIMITS.maxBucketLength} characters`);
  }
  const message = entry.message;
  if (typeof message !== 'string') errors.add(`${path}.message`, 'is required: a string');
  else if (message.length > INGEST_LIMITS.maxMessageBytes / 4 && Buffer.byteLength(message) > INGEST_LIMITS.maxMessageBytes) {
    errors.add(`${path}.message`, 'must be at most 256 KiB');
  }
  const level = typeof entry.level === 'string' ? entry.level.toLowerCase() : undefined;
  if (!level || !LEVELS.has(level)) errors.add(`${path}.level`, `is required: one of ${LOG_LEVELS.join(', ')}`);
  const timestamp = entry.timestamp;
  if (timestamp !== undefined && timestamp !== null && (typeof timestamp !== 'number' || !Number.isFinite(timestamp))) {
    errors.add(`${path}.timestamp`, 'must be a number (Unix ms)');
  }
  const eventId = readString(entry, 'eventId', path, INGEST_LIMITS.maxEventIdLength, errors, 1);
  const strings = OPTIONAL_STRINGS.map((key) =>
    readString(entry, key, path, INGEST_LIMITS.maxOptionalStringLength, errors),
  );
  const tags = readTags(entry.tags, `${path}.tags`, errors);
  const context = readContext(entry.context, `${path}.context`, errors);
  return {
    bucket: bucket as string,
    level: level as LogLevel,
    message: message as string,
    timestamp: typeof timestamp === 'number' ? Math.round(timestamp) : now,
    tags,
    context,
    traceId: strings[0],
    userId: strings[1],
    sessionId: strings[2],
    env: strings[3],
    appName: strings[4],
    appVersion: strings[5],
    eventId,
  };
}

/** Validates a decoded `POST /logs` body, all or nothing: one bad field rejects the request. */
export function validateIngestBody(body: unknown, now = Date.now()): { projectId: string; logs: IntakeLog[] } {
  const errors = new Collector();
  if (!isObject(body)) throw ApiError.badRequest('The body must be a JSON object', [{ path: '', message: 'must be an object' }]);
  const projectId = body.projectId;
  if (typeof projectId !== 'string' || projectId.length < 1 || projectId.length > INGEST_LIMITS.maxProjectIdLength) {
    errors.add('projectId', `is required: a string of 1..${INGEST_LIMITS.maxProjectIdLength} characters`);
  } else if (CONTROL_CHARS.test(projectId)) {
    errors.add('projectId', 'must not contain control characters');
  }
  if (!Array.isArray(body.logs)) {
    errors.add('logs', 'is required: an array of log entries');
    throw ApiError.badRequest('Invalid request body', errors.details);
  }
  if (body.logs.length > INGEST_LIMITS.maxLogsPerRequest) {
    throw ApiError.payloadTooLarge(`At most ${INGEST_LIMITS.maxLogsPerRequest} logs per request`);
  }
  const logs: IntakeLog[] = [];
  body.logs.forEach((entry, index) => {
    const log = readEntry(entry, `logs[${index}]`, now, errors);
    if (log) logs.push(log);
  });
  if (errors.details.length > 0) throw ApiError.badRequest('Invalid request body', errors.details);
  return { projectId: projectId as string, logs };
}
