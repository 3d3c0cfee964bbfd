import { INGEST_LIMITS, LOG_LEVELS, QUERY_LIMITS, WRITER } from '@logdesk/contracts';

describe('contracts', () => {
  it('lists the five levels from lowest to highest severity', () => {
    expect(LOG_LEVELS).toEqual(['debug', 'info', 'warn', 'error', 'fatal']);
  });

  it('keeps the bounds the contract names', () => {
    expect(INGEST_LIMITS.maxBodyBytes).toBe(5 * 1024 * 1024);
    expect(INGEST_LIMITS.maxInflatedBytes).toBe(50 * 1024 * 1024);
    expect(INGEST_LIMITS.maxLogsPerRequest).toBe(10_000);
    expect(WRITER).toEqual({ flushIntervalMs: 100, batchSize: 50 });
    expect(QUERY_LIMITS.defaultLimit).toBe(100);
    expect(QUERY_LIMITS.maxLimit).toBe(1000);
    expect(QUERY_LIMITS.tailDefault).toBe(20);
    expect(QUERY_LIMITS.tailMax).toBe(100);
  });
});
