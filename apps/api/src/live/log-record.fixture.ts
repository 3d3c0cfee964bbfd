import type { LogRecord } from '@logdesk/contracts';

/** A stored log for unit specs: every field present, the optional ones null. */
export const logRecord = (overrides: Partial<LogRecord> = {}): LogRecord => ({
  id: 1,
  projectId: 'p',
  bucket: 'api',
  level: 'info',
  message: 'message',
  timestamp: 1_000,
  tags: {},
  context: null,
  traceId: null,
  userId: null,
  sessionId: null,
  env: null,
  appName: null,
  appVersion: null,
  eventId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
