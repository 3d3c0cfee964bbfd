import type { IntakeBatch } from '../ingestion/intake-batch';
import { intakeLog } from '../ingestion/intake-log.fixture';
import { intakeRecord, intakeRow, recordsByProject, toLogRecord } from './log-record';

describe('records of stored logs', () => {
  const full = intakeLog({
    level: 'error',
    tags: { region: 'eu', retried: 'true' },
    context: JSON.stringify({ order: { id: 7, items: [1, 2] }, note: null }),
    traceId: 't-1',
    userId: 'u-1',
    sessionId: 's-1',
    env: 'prod',
    appName: 'shop',
    appVersion: '1.2.3',
    eventId: 'e-1',
  });
  const batch: IntakeBatch = { seq: 3, projectId: 'shop', receivedAt: 1_795_000_000_123, logs: [full, intakeLog(), intakeLog({ message: 'dup' })] };

  it('builds from the intake exactly what reading the stored row back gives', () => {
    for (const entry of batch.logs) {
      expect(intakeRecord(42, batch, entry)).toStrictEqual(toLogRecord(intakeRow(42, batch, entry)));
    }
  });

  it('does not share the tags object with the queued log', () => {
    const record = intakeRecord(1, batch, full);
    record.tags.region = 'us';
    expect(full.tags).toEqual({ region: 'eu', retried: 'true' });
  });

  it('groups by project in id order and leaves duplicates (id 0) out', () => {
    const other: IntakeBatch = { seq: 4, projectId: 'blog', receivedAt: 1_795_000_000_200, logs: [intakeLog({ message: 'b' })] };
    const grouped = recordsByProject([batch, other], [10, 11, 0, 12]);
    expect([...grouped.keys()]).toEqual(['shop', 'blog']);
    expect(grouped.get('shop')!.map((r) => [r.id, r.message])).toEqual([[10, 'hello'], [11, 'hello']]);
    expect(grouped.get('blog')!.map((r) => [r.id, r.message])).toEqual([[12, 'b']]);
  });
});
