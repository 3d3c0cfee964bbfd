import type { LogRecord } from '@logdesk/contracts';
import type { LogdeskSocket, SocketFactory } from '../app/core/live/live-socket.service';

type Handler = (...args: never[]) => void;

/** A Socket.IO client stand-in: records what the dashboard emits, lets a spec play the server. */
export class FakeSocket {
  connected = false;
  active = false;
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  ackWith: { ok: true } | { ok: false; error: string } = { ok: true };

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): this {
    this.emitted.push({ event, payload });
    ack?.(this.ackWith);
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The server side: fire an event at the dashboard. */
  serverSends(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }

  serverAccepts(): void {
    this.connected = true;
    this.serverSends('connect');
  }

  serverDrops(): void {
    this.connected = false;
    this.serverSends('disconnect', 'transport close');
  }

  subscriptions(): unknown[] {
    return this.emitted.filter((entry) => entry.event === 'subscribe').map((entry) => entry.payload);
  }
}

export function fakeSocketFactory(socket: FakeSocket): SocketFactory {
  return () => socket as unknown as LogdeskSocket;
}

let nextId = 1;

/** A stored log with sensible defaults. */
export function makeLog(overrides: Partial<LogRecord> = {}): LogRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    projectId: 'shop',
    bucket: 'api',
    level: 'info',
    message: `log ${id}`,
    timestamp: Date.now(),
    tags: {},
    context: null,
    traceId: null,
    userId: null,
    sessionId: null,
    env: null,
    appName: null,
    appVersion: null,
    eventId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
