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

export type CatalogueEvent = 'project:created' | 'bucket:created' | 'tag:discovered';
export type CatalogueRelay = { [E in CatalogueEvent]: { name: E; payload: Parameters<ServerToClientEvents[E]>[0] } }[CatalogueEvent];

/** What instances send each other through the Redis adapter (REDIS_URL); see RELAY. */
export interface InterServerEvents {
  'logdesk:logs': (event: LogsStoredEvent) => void;
  'logdesk:catalogue': (event: CatalogueRelay) => void;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** The subscription key of the firehose: every project. */
export const FIREHOSE = '*';

/**
 * Names of the messages instances send each other through the Redis adapter (`serverSideEmit`):
 * each instance relays what its own writer committed, and every instance filters for its own
 * clients, so a subscription's filters are evaluated where its socket lives.
 */
export const RELAY = {
  logs: 'logdesk:logs',
  catalogue: 'logdesk:catalogue',
} as const satisfies Record<string, keyof InterServerEvents>;
