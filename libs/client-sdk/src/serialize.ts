import { INGEST_LIMITS } from '@logdesk/contracts';
import type { LogEvent } from './types';

/** A queued log: its context is snapshotted as JSON at the call, the rest (flat values) serialised when sent. */
export interface QueuedLog {
  event: LogEvent;
  context?: string;
  line?: string;
}

/**
 * A replacer that makes any value JSON-safe in one pass: cycles become "[Circular]", BigInt and functions
 * strings, Errors `{ name, message, stack }`, and nesting past the server's bound "[Truncated]".
 * `path` holds the objects from the root to the current holder (JSON.stringify walks depth first and passes
 * the holder as `this`), so shared but acyclic references are kept whole.
 */
function jsonSafe(): (this: unknown, key: string, value: unknown) => unknown {
  const path: unknown[] = [];
  return function (this: unknown, _key, value) {
    if (typeof value === 'bigint') return String(value);
    if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
    if (typeof value !== 'object' || value === null) return value;
    // Only objects need the path, so it is brought up to date here and not for every primitive.
    while (path.length && path[path.length - 1] !== this) path.pop();
    if (path.includes(value)) return '[Circular]';
    // An object at level n (the context being level 1) has n - 1 objects above it.
    if (path.length >= INGEST_LIMITS.maxContextDepth) return '[Truncated]';
    if (value instanceof Error) {
      value = { ...value, name: value.name, message: value.message, stack: value.stack, cause: value.cause };
    }
    path.push(value);
    return value;
  };
}

/**
 * True when plain JSON.stringify gives what `jsonSafe` would: no functions, BigInt, Errors, cycles,
 * `toJSON` (its result is unknown until called) or nesting past the bound. Most contexts are plain data,
 * and this walk in JS costs far less than a replacer called back from JSON.stringify for every key.
 */
function isPlain(value: unknown, path: unknown[]): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function' && typeof value !== 'bigint';
  if (
    path.length >= INGEST_LIMITS.maxContextDepth ||
    path.includes(value) ||
    value instanceof Error ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return false;
  }
  path.push(value);
  for (const key in value) if (!isPlain((value as Record<string, unknown>)[key], path)) return false;
  path.pop();
  return true;
}

/**
 * The context as JSON, taken at the call so later changes to the caller's objects do not leak in. One that
 * cannot be serialised at all (a getter or `toJSON` that throws) is replaced, and the log still goes out.
 */
export function serializeContext(context: unknown): string {
  try {
    return isPlain(context, []) ? JSON.stringify(context) : JSON.stringify(context, jsonSafe());
  } catch (error) {
    return JSON.stringify({ serializationError: String(error) });
  }
}

/**
 * The JSON line of a queued log, made once (batching measures it, the request carries it). The event holds
 * flat values only, so this cannot throw; a `beforeSend` that adds fields of its own gets it made at the call.
 */
export function lineOf(log: QueuedLog): string {
  if (log.line === undefined) {
    const json = JSON.stringify(log.event);
    log.line = log.context ? `${json.slice(0, -1)},"context":${log.context}}` : json;
  }
  return log.line;
}

/** UTF-8 byte length of a string (keepalive requests must stay under 64 KiB; only a hiding page asks). */
export const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

/** A random v4 UUID; `randomUUID` is missing outside secure contexts (plain http pages), `getRandomValues` is not. */
export function uuid(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const random = (): number => (crypto ? crypto.getRandomValues(new Uint8Array(1))[0] : Math.random() * 256);
  // Each 0, 1 or 8 of the template becomes a random hex digit; 4 and the top bits of 8 are the v4 markers.
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ (random() & (15 >> (+c / 4)))).toString(16),
  );
}
