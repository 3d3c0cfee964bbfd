import type { IntakeLog } from './intake-batch';

/** A validated log as queued, for unit specs: every field present, the optional ones null. */
export const intakeLog = (overrides: Partial<IntakeLog> = {}): IntakeLog => ({
  bucket: 'api',
  level: 'info',
  message: 'hello',
  timestamp: 1_795_000_000_000,
  tags: null,
  context: null,
  traceId: null,
  userId: null,
  sessionId: null,
  env: null,
  appName: null,
  appVersion: null,
  eventId: null,
  ...overrides,
});
