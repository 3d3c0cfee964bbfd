import type { Bucket, LogRecord, Project } from './records';

/** Names of the in-process `@nestjs/event-emitter` events, emitted after each committed batch. */
export const INTERNAL_EVENTS = {
  logsStored: 'logs.stored',
  projectCreated: 'project.created',
  bucketCreated: 'bucket.created',
  tagDiscovered: 'tag.discovered',
} as const;

export interface LogsStoredEvent {
  projectId: string;
  /** Ascending id order. */
  logs: LogRecord[];
}
export interface ProjectCreatedEvent {
  project: Project;
}
export interface BucketCreatedEvent {
  bucket: Bucket;
}
export interface TagDiscoveredEvent {
  projectId: string;
  key: string;
  value: string;
}

/** `subscribe` payload: the `GET /api/logs` filters; arrays accepted beside comma lists. */
export interface SubscribeRequest {
  /** A project id, or `"*"` for the firehose. */
  projectId: string;
  level?: string | string[];
  bucket?: string | string[];
  tags?: string | Record<string, string | string[]>;
  search?: string;
  /** Replay stored matching logs with a larger id first (the oldest 1,000). */
  afterId?: number;
}

export type SubscribeAck = { ok: true } | { ok: false; error: string };

export interface LaggedEvent {
  projectId: string;
  skipped: number;
}

export interface ServerToClientEvents {
  logs: (payload: LogsStoredEvent) => void;
  'project:created': (payload: ProjectCreatedEvent) => void;
  'bucket:created': (payload: BucketCreatedEvent) => void;
  'tag:discovered': (payload: TagDiscoveredEvent) => void;
  lagged: (payload: LaggedEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack?: (ack: SubscribeAck) => void) => void;
  unsubscribe: (request: { projectId: string }, ack?: (ack: SubscribeAck) => void) => void;
}

/** `auth` of the Socket.IO handshake when the server has API keys. */
export interface SocketAuth {
  token?: string;
}
