import type { ErrorDetail, LogRecord } from '@logdesk/contracts';
import { parseFilter, type RawFilter } from '../logs/log-filter.parser';
import { filterSignature, matchesFilter, matchingLogs } from './log-matcher';
import { logRecord } from './log-record.fixture';

const log = (overrides: Partial<LogRecord>): LogRecord => logRecord({ message: 'Request timed out', ...overrides });

const filter = (raw: RawFilter) => {
  const errors: ErrorDetail[] = [];
  const parsed = parseFilter({ projectId: 'p', ...raw }, errors, { requireProject: false });
  expect(errors).toEqual([]);
  return parsed;
};

// Under 'live' so that `jest -t live` selects the whole live stream.
describe('live', () => {
  describe(matchesFilter.name, () => {
    it('matches levels and buckets as OR lists', () => {
      expect(matchesFilter(log({ level: 'warn' }), filter({ level: 'warn,error' }))).toBe(true);
      expect(matchesFilter(log({ level: 'info' }), filter({ level: ['warn', 'error'] }))).toBe(false);
      expect(matchesFilter(log({ bucket: 'jobs' }), filter({ bucket: 'api,jobs' }))).toBe(true);
      expect(matchesFilter(log({ bucket: 'web' }), filter({ bucket: 'api' }))).toBe(false);
    });

    it('matches tags with AND across keys and OR within a key', () => {
      const tags = filter({ tags: '{"env":"prod","region":["eu","us"]}' });
      expect(matchesFilter(log({ tags: { env: 'prod', region: 'us' } }), tags)).toBe(true);
      expect(matchesFilter(log({ tags: { env: 'prod', region: 'ap' } }), tags)).toBe(false);
      expect(matchesFilter(log({ tags: { env: 'prod' } }), tags)).toBe(false);
      expect(matchesFilter(log({ tags: { env: 'prod', region: 'eu' } }), filter({ tags: 'env:prod,region:eu' }))).toBe(
        true,
      );
      expect(matchesFilter(log({ tags: { env: 'dev', region: 'eu' } }), filter({ tags: 'env:prod,region:eu' }))).toBe(
        false,
      );
    });

    it('searches the message case-insensitively as a substring', () => {
      expect(matchesFilter(log({}), filter({ search: 'TIMED' }))).toBe(true);
      expect(matchesFilter(log({}), filter({ search: 'ou' }))).toBe(true);
      expect(matchesFilter(log({}), filter({ search: 'timeout' }))).toBe(false);
    });

    it('matches ids exactly and the time range as since <= timestamp < until', () => {
      expect(matchesFilter(log({ traceId: 't1' }), filter({ traceId: 't1' }))).toBe(true);
      expect(matchesFilter(log({ traceId: 't12' }), filter({ traceId: 't1' }))).toBe(false);
      expect(matchesFilter(log({ userId: null }), filter({ userId: 'u' }))).toBe(false);
      expect(matchesFilter(log({ sessionId: 's' }), filter({ sessionId: 's' }))).toBe(true);
      expect(matchesFilter(log({ timestamp: 1_000 }), filter({ since: '1000', until: '2000' }))).toBe(true);
      expect(matchesFilter(log({ timestamp: 2_000 }), filter({ since: '1000', until: '2000' }))).toBe(false);
      expect(matchesFilter(log({ timestamp: 999 }), filter({ since: '1000' }))).toBe(false);
    });

    it('spans every project with a null projectId and one project otherwise', () => {
      expect(matchesFilter(log({ projectId: 'other' }), filter({ projectId: undefined }))).toBe(true);
      expect(matchesFilter(log({ projectId: 'other' }), filter({}))).toBe(false);
    });
  });

  describe(matchingLogs.name, () => {
    it('returns the batch itself when nothing filters it', () => {
      const logs = [log({ id: 1 }), log({ id: 2 })];
      expect(matchingLogs(logs, filter({}))).toBe(logs);
      expect(matchingLogs(logs, filter({ level: 'error' }))).toEqual([]);
    });
  });

  describe(filterSignature.name, () => {
    it('is equal for the same filter in any order or project, and differs otherwise', () => {
      const a = filter({ level: 'error,warn', tags: { region: ['us', 'eu'], env: 'prod' } });
      const b = filter({ projectId: 'q', level: ['warn', 'error'], tags: 'env:prod,region:eu,region:us' });
      expect(filterSignature(a)).toBe(filterSignature(b));
      expect(filterSignature(a)).not.toBe(filterSignature(filter({ level: 'error' })));
    });
  });
});
