import { DestroyRef, Injectable, InjectionToken, inject, signal } from '@angular/core';
import type {
  ClientToServerEvents,
  LogRecord,
  Project,
  ServerToClientEvents,
  SocketAuth,
  SubscribeRequest,
} from '@logdesk/contracts';
import { Subject } from 'rxjs';
import { type ManagerOptions, type Socket, type SocketOptions, io } from 'socket.io-client';
import { ApiKeyStore } from '../auth/api-key.store';

export type LogdeskSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => LogdeskSocket;

/** Creates the Socket.IO client; a token so specs can hand in a fake socket. */
export const SOCKET_FACTORY = new InjectionToken<SocketFactory>('SOCKET_FACTORY', {
  providedIn: 'root',
  factory: () => (options) => io(options),
});

/** `idle` until something needs live data. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected';

export interface LiveHandlers {
  /** Matching stored logs in ascending id order. */
  logs(logs: LogRecord[]): void;
  /** The server skipped `skipped` logs for this client; page them through REST if needed. */
  lagged?(skipped: number): void;
  /** The server refused the subscription (bad filter). */
  failed?(error: string): void;
}

/** A live subscription; `close()` unsubscribes. */
export interface LiveHandle {
  close(): void;
}

interface Subscription {
  /** Built at each (re)subscribe so `afterId` is always the newest log shown. */
  request: () => SubscribeRequest;
  handlers: LiveHandlers;
}

const AUTH_ERROR = /unauthori[sz]ed|401|api.?key|bearer|token/i;
const RETRY_AFTER_REFUSAL_MS = 5_000;

/**
 * The one Socket.IO connection of the dashboard (same origin, path /socket.io). Keeps one
 * subscription per project id ("*" is the firehose) and replays them after every reconnect.
 */
@Injectable({ providedIn: 'root' })
export class LiveSocketService {
  private readonly createSocket = inject(SOCKET_FACTORY);
  private readonly apiKeys = inject(ApiKeyStore);

  private socket: LogdeskSocket | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly stateSignal = signal<ConnectionState>('idle');
  private readonly projectCreatedSubject = new Subject<Project>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  readonly state = this.stateSignal.asReadonly();
  readonly projectCreated$ = this.projectCreatedSubject.asObservable();

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.socket?.disconnect();
    });
  }

  /** Opens the connection if nothing did yet (the projects page only wants `project:created`). */
  connect(): void {
    if (this.socket) return;
    const socket = this.createSocket({
      path: '/socket.io',
      autoConnect: false,
      // A function, so a key entered after a 401 is used by the next reconnect.
      auth: (send) => send({ token: this.apiKeys.key() ?? undefined } satisfies SocketAuth),
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.stateSignal.set('connected');
      for (const [projectId, subscription] of this.subscriptions) this.sendSubscribe(projectId, subscription);
    });
    socket.on('disconnect', (reason) => {
      this.stateSignal.set('disconnected');
      // The server hung up on purpose; socket.io only reconnects by itself after transport losses.
      if (reason === 'io server disconnect') this.scheduleRetry();
    });
    socket.on('connect_error', (error) => {
      this.stateSignal.set(socket.active ? 'connecting' : 'disconnected');
      if (socket.active) return;
      const data = (error as Error & { data?: { statusCode?: number } }).data;
      if (data?.statusCode === 401 || AUTH_ERROR.test(error.message)) {
        void this.apiKeys.replaceRejected(this.apiKeys.key()).then((key) => key && socket.connect());
      } else {
        this.scheduleRetry();
      }
    });
    socket.on('logs', ({ projectId, logs }) => {
      this.subscriptions.get(projectId)?.handlers.logs(logs);
      if (projectId !== '*') this.subscriptions.get('*')?.handlers.logs(logs);
    });
    socket.on('lagged', ({ projectId, skipped }) => {
      (this.subscriptions.get(projectId) ?? this.subscriptions.get('*'))?.handlers.lagged?.(skipped);
    });
    socket.on('project:created', ({ project }) => this.projectCreatedSubject.next(project));
    this.stateSignal.set('connecting');
    socket.connect();
  }

  /** Subscribes (again, replacing any earlier subscription of the same project id). */
  watch(request: () => SubscribeRequest, handlers: LiveHandlers): LiveHandle {
    const projectId = request().projectId;
    const subscription: Subscription = { request, handlers };
    this.subscriptions.set(projectId, subscription);
    this.connect();
    if (this.socket?.connected) this.sendSubscribe(projectId, subscription);
    return {
      close: () => {
        if (this.subscriptions.get(projectId) !== subscription) return;
        this.subscriptions.delete(projectId);
        if (this.socket?.connected) this.socket.emit('unsubscribe', { projectId });
      },
    };
  }

  private sendSubscribe(projectId: string, subscription: Subscription): void {
    this.socket?.emit('subscribe', subscription.request(), (ack) => {
      if (!ack.ok && this.subscriptions.get(projectId) === subscription) subscription.handlers.failed?.(ack.error);
    });
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.stateSignal.set('connecting');
      this.socket?.connect();
    }, RETRY_AFTER_REFUSAL_MS);
  }
}
