import type { ResolvedConfig } from './config';
import { utf8Length } from './serialize';
import type { FetchFunction } from './types';

/** The outcome of one request; only `withRetries` decides what to do with `retryable`. */
export type SendResult =
  | { type: 'success' }
  | { type: 'retryable'; reason: string; retryAfterMs?: number }
  | { type: 'failure'; reason: string; status?: number };

/** Waits before the 1st, 2nd and 3rd retry (CONTRACT section 7). */
export const RETRY_DELAYS = [1000, 2000, 4000];
/** A longer `Retry-After` is honoured up to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Browsers let a page have 64 KiB of `keepalive` request bodies in flight (more is refused); such requests
 * outlive the page. The margin leaves room for headers some engines count too.
 */
export const KEEPALIVE_BYTES = 60 * 1024;

/** A request body, encoded once and reused by every retry. */
export interface Payload {
  body: string | ArrayBuffer;
  gzip: boolean;
}

/** A timer that never keeps a Node process alive; `unref` does not exist (and is skipped) elsewhere. */
export function startTimer(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(fn, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => startTimer(resolve, ms));

/** gzip through CompressionStream when asked and available; plain JSON otherwise (the server takes both). */
export async function encode(json: string, gzip: boolean): Promise<Payload> {
  if (gzip && typeof CompressionStream === 'function') {
    try {
      const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
      return { body: await new Response(stream).arrayBuffer(), gzip: true };
    } catch {
      // An engine with a broken CompressionStream still gets its logs out uncompressed.
    }
  }
  return { body: json, gzip: false };
}

/** `Retry-After` as milliseconds. Only delta-seconds, the form Logdesk and common proxies send, is read. */
export function parseRetryAfter(value: string | null): number | undefined {
  const ms = value ? +value * 1000 : NaN;
  return ms >= 0 ? ms : undefined;
}

/** Network-level trouble and 408/429/5xx are worth another try; other statuses will not change. */
export function classify(status: number, retryAfter: string | null): SendResult {
  if (status >= 200 && status < 300) return { type: 'success' };
  const reason = `HTTP ${status}`;
  if (status === 408 || status === 429 || status >= 500) {
    return { type: 'retryable', reason, retryAfterMs: parseRetryAfter(retryAfter) };
  }
  return { type: 'failure', reason, status };
}

/** Runs `attempt`, retrying `retryable` results after 1 s, 2 s, 4 s (or a longer Retry-After, capped at 30 s). */
export async function withRetries(
  attempt: () => Promise<SendResult>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<SendResult> {
  for (let retry = 0; ; retry++) {
    const result = await attempt();
    if (result.type !== 'retryable' || retry === RETRY_DELAYS.length) return result;
    await wait(Math.max(RETRY_DELAYS[retry], Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
  }
}

/** Hooks the transport reports to, so the client can count and warn. */
export interface DeliveryReport {
  sent(count: number): void;
  dropped(count: number, reason: string): void;
}

/** POSTs batches of serialised logs to `{endpoint}/logs`. */
export function createSender(config: ResolvedConfig, report: DeliveryReport) {
  // Looked up per call (a polyfill may come later) and called on globalThis: a detached `window.fetch`
  // passed as the option would throw "Illegal invocation" otherwise.
  const fetchFn: FetchFunction = (url, init) => (config.fetch ?? fetch).call(globalThis, url, init);
  const envelope = (batch: string[]): string =>
    `{"projectId":${JSON.stringify(config.projectId)},"logs":[${batch.join(',')}]}`;

  /** Bytes of our `keepalive` requests still in flight. */
  let keepaliveBytes = 0;

  /** One request, bounded by a 30 s timeout; never rejects. `keepalive` whenever it fits, so a send under way survives the page. */
  async function post(payload: Payload): Promise<SendResult> {
    const size = typeof payload.body === 'string' ? utf8Length(payload.body) : payload.body.byteLength;
    const keepalive = keepaliveBytes + size <= KEEPALIVE_BYTES;
    if (keepalive) keepaliveBytes += size;
    const controller = new AbortController();
    const timer = startTimer(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const headers = payload.gzip ? { ...config.headers, 'Content-Encoding': 'gzip' } : config.headers;
      const response = await fetchFn(config.url, {
        method: 'POST',
        headers,
        body: payload.body,
        keepalive,
        signal: controller.signal,
      });
      const result = classify(response.status, response.headers.get('retry-after'));
      // Reading the body frees the connection; its error message helps the development warning.
      const text = await response.text().catch(() => '');
      return result.type === 'failure' ? { ...result, reason: `${result.reason} ${text}`.trim() } : result;
    } catch (error) {
      return { type: 'retryable', reason: String(error) };
    } finally {
      clearTimeout(timer);
      if (keepalive) keepaliveBytes -= size;
    }
  }

  /** Sends one batch with retries; a 413 splits it in half and each half goes on its own. */
  async function deliver(batch: string[]): Promise<void> {
    const payload = await encode(envelope(batch), config.gzip);
    const result = await withRetries(() => post(payload));
    if (result.type === 'success') return report.sent(batch.length);
    if (result.type === 'failure' && result.status === 413 && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await deliver(batch.slice(0, half));
      return deliver(batch.slice(half));
    }
    report.dropped(batch.length, result.reason);
  }

  /**
   * Fire-and-forget, for a page that is going away: no compression (it would need tasks the page may not
   * get) and no retries.
   */
  function sendNow(batch: string[]): void {
    void post({ body: envelope(batch), gzip: false }).then((result) =>
      result.type === 'success' ? report.sent(batch.length) : report.dropped(batch.length, result.reason),
    );
  }

  return {
    deliver,
    sendNow,
    /** Bytes a `sendNow` batch may take and still go out with `keepalive`. */
    keepaliveRoom: (): number => KEEPALIVE_BYTES - keepaliveBytes - envelope([]).length,
  };
}

export type Sender = ReturnType<typeof createSender>;
