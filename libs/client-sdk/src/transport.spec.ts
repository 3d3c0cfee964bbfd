import { classify, parseRetryAfter, RETRY_DELAYS, withRetries, type SendResult } from './transport';

const retryable = (retryAfterMs?: number): SendResult => ({ type: 'retryable', reason: 'HTTP 503', retryAfterMs });

/** Runs withRetries over scripted results, recording the waits instead of sleeping. */
async function run(results: SendResult[]) {
  const waits: number[] = [];
  let attempts = 0;
  const result = await withRetries(
    async () => results[attempts++],
    async (ms) => void waits.push(ms),
  );
  return { result, waits, attempts };
}

describe(withRetries.name, () => {
  it('retries a retryable result three times, after 1 s, 2 s and 4 s, then gives up with it', async () => {
    const { result, waits, attempts } = await run([retryable(), retryable(), retryable(), retryable()]);
    expect(RETRY_DELAYS).toEqual([1000, 2000, 4000]);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(attempts).toBe(4);
    expect(result.type).toBe('retryable');
  });

  it('stops at the first success', async () => {
    const { result, waits, attempts } = await run([retryable(), { type: 'success' }]);
    expect(result).toEqual({ type: 'success' });
    expect(waits).toEqual([1000]);
    expect(attempts).toBe(2);
  });

  it('never retries a failure', async () => {
    const { result, attempts } = await run([{ type: 'failure', reason: 'HTTP 400', status: 400 }]);
    expect(result).toMatchObject({ type: 'failure', status: 400 });
    expect(attempts).toBe(1);
  });

  it('honours a longer Retry-After, capped at 30 s, and never waits less than the backoff', async () => {
    const { waits } = await run([retryable(5000), retryable(120_000), retryable(10), { type: 'success' }]);
    expect(waits).toEqual([5000, 30_000, 4000]);
  });
});

describe(classify.name, () => {
  it.each([200, 204])('takes %i as success', (status) => {
    expect(classify(status, null)).toEqual({ type: 'success' });
  });

  it.each([408, 429, 500, 502, 503, 504])('retries %i', (status) => {
    expect(classify(status, '2')).toEqual({ type: 'retryable', reason: `HTTP ${status}`, retryAfterMs: 2000 });
  });

  it.each([400, 401, 403, 404, 413, 415])('does not retry %i', (status) => {
    expect(classify(status, null)).toEqual({ type: 'failure', reason: `HTTP ${status}`, status });
  });
});

describe(parseRetryAfter.name, () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0')).toBe(0);
  });

  it('ignores what it cannot use', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeUndefined();
  });
});
