import type { LogLevel } from '@logdesk/contracts';

/** One validated, normalised log waiting to be stored. Context is already JSON text. */
export interface IntakeLog {
  bucket: string;
  level: LogLevel;
  message: string;
  timestamp: number;
  /** null when the log has no tags. */
  tags: Record<string, string> | null;
  context: string | null;
  traceId: string | null;
  userId: string | null;
  sessionId: string | null;
  env: string | null;
  appName: string | null;
  appVersion: string | null;
  eventId: string | null;
}

/** One accepted `POST /logs` request, as journaled and queued. */
export interface IntakeBatch {
  /** Journal sequence number, increasing per journal. */
  seq: number;
  projectId: string;
  receivedAt: number;
  logs: IntakeLog[];
}
