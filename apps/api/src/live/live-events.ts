import {
  type INTERNAL_EVENTS,
  type BucketCreatedEvent,
  type ClientToServerEvents,
  type LogsStoredEvent,
  type ProjectCreatedEvent,
  type ServerToClientEvents,
  type TagDiscoveredEvent,
} from '@logdesk/contracts';
import type { Server, Socket } from 'socket.io';

/**
 * The typed map of the in-process events: the writer emits these names after each commit and the
 * listeners of this folder take exactly these payloads, so both sides change together.
 */
export interface InternalEventMap {
  [INTERNAL_EVENTS.logsStored]: LogsStoredEvent;
  [INTERNAL_EVENTS.projectCreated]: ProjectCreatedEvent;
  [INTERNAL_EVENTS.bucketCreated]: BucketCreatedEvent;
  [INTERNAL_EVENTS.tagDiscovered]: TagDiscoveredEvent;
}

/** Nothing travels between server instances yet; the Redis seam (REDIS_URL) will fill this in. */
export type InterServerEvents = Record<string, never>;

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** The subscription key of the firehose: every project. */
export const FIREHOSE = '*';
