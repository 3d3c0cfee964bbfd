import type { ErrorDetail, LogRecord, LogsStoredEvent, ServerToClientEvents, SubscribeAck } from '@logdesk/contracts';
import { parseFilter, parseInteger } from '../logs/log-filter.parser';
import type { LogStore } from '../storage/log-store';
import { LiveClient } from './live-client';
import { FIREHOSE, RELAY, type CatalogueEvent, type CatalogueRelay, type LiveServer, type LiveSocket } from './live-events';
import { matchingLogs } from './log-matcher';
import { ReplayRunner, type Warn } from './replay-runner';
import { Subscription } from './subscription';

/** What a `subscribe` gives the gateway: the ack, and the replay to start once the ack is out. */
export interface SubscribeOutcome {
  ack: SubscribeAck;
  replay?: () => Promise<void>;
}


/**
 * The one place that fans events out to Socket.IO: every connected client, its subscriptions, and
 * the per-flush delivery of logs. It only ever emits to sockets of this instance (`server.local`);
 * with REDIS_URL (a later issue) the instances will relay the internal events to each other and
 * each one keeps fanning out locally through here. Free of Nest imports so its unit spec runs
 * under Jest's CommonJS (LiveHub is the provider).
 */
export class LiveFanout {
  private server: LiveServer | null = null;
  private readonly clients = new Map<string, LiveClient>();
  /** Subscriptions by key (a project id or "*"), so a flush only visits its own subscribers. */
  private readonly byKey = new Map<string, Map<LiveClient, Subscription>>();
  private readonly replays: ReplayRunner;

  /**
   * @param clustered With REDIS_URL: what this instance's writer commits is also relayed to the
   *   other instances, and what they relay is fanned out here like local events.
   */
  constructor(
    store: LogStore,
    warn: Warn,
    private readonly clustered = false,
  ) {
    this.replays = new ReplayRunner(
      store,
      warn,
      (client, subscription) => this.isCurrent(client, subscription),
      (client, event) => this.deliver(client, event),
    );
  }

  attach(server: LiveServer): void {
    this.server = server;
    if (!this.clustered) return;
    server.on(RELAY.logs, (event) => this.publishLogs(event));
    server.on(RELAY.catalogue, (relay) => this.broadcast(relay.name, relay.payload as never));
  }

  /** Logs this instance's writer committed: to local subscribers, and to the other instances. */
  publishCommitted(event: LogsStoredEvent): void {
    this.publishLogs(event);
    if (this.clustered) this.server?.serverSideEmit(RELAY.logs, event);
  }

  /** A catalogue event of this instance's writer: to local clients, and to the other instances. */
  announce<E extends CatalogueEvent>(name: E, payload: Parameters<ServerToClientEvents[E]>[0]): void {
    this.broadcast(name, payload);
    if (this.clustered) this.server?.serverSideEmit(RELAY.catalogue, { name, payload } as CatalogueRelay);
  }

  connect(socket: LiveSocket): void {
    this.clients.set(socket.id, new LiveClient(socket));
  }

  disconnect(socket: LiveSocket): void {
    const client = this.clients.get(socket.id);
    if (!client) return;
    for (const key of client.subscriptions.keys()) this.remove(client, key);
    client.close();
    this.clients.delete(socket.id);
  }

  /**
   * Parses and registers a subscription (replacing the socket's previous one for the same key).
   * With `afterId`, live logs are held from this moment, so the replay query that follows cannot
   * leave a gap between what is stored and what arrives live.
   */
  subscribe(socket: LiveSocket, request: unknown): SubscribeOutcome {
    const client = this.clients.get(socket.id);
    if (!client) return fail('The socket is not connected');
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return fail('subscribe expects an object { projectId, level?, bucket?, tags?, search?, afterId? }');
    }
    const raw = request as Record<string, unknown>;
    const key = raw.projectId;
    if (typeof key !== 'string' || key.trim() === '')
      return fail('Invalid subscription: projectId is required (a project id or "*")');
    const errors: ErrorDetail[] = [];
    const filter = parseFilter({ ...raw, projectId: key === FIREHOSE ? undefined : key }, errors, {
      requireProject: false,
    });
    const afterId = parseInteger(raw.afterId, 'afterId', errors);
    if (afterId !== undefined && afterId < 0) errors.push({ path: 'afterId', message: 'must be 0 or more' });
    if (errors.length > 0)
      return fail(`Invalid subscription: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);

    this.remove(client, key);
    const subscription = new Subscription(key, filter);
    client.subscriptions.set(key, subscription);
    let subscribers = this.byKey.get(key);
    if (!subscribers) this.byKey.set(key, (subscribers = new Map()));
    subscribers.set(client, subscription);
    if (afterId === undefined) return { ack: { ok: true } };
    subscription.startReplay();
    return { ack: { ok: true }, replay: () => this.replays.run(client, subscription, afterId) };
  }

  unsubscribe(socket: LiveSocket, request: unknown): SubscribeAck {
    const client = this.clients.get(socket.id);
    const key = (request as { projectId?: unknown } | null)?.projectId;
    if (typeof key !== 'string') return { ok: false, error: 'unsubscribe expects { projectId }' };
    if (client) this.remove(client, key);
    return { ok: true };
  }

  /**
   * One writer flush of one project: each subscriber gets one `logs` event with the logs its
   * filter matches. Subscribers with the same filter share one array, and Socket.IO encodes a
   * broadcast once, so the cost grows with distinct filters rather than with clients.
   */
  publishLogs(event: LogsStoredEvent): void {
    if (event.logs.length === 0) return;
    const bySignature = new Map<string, LogRecord[]>();
    const perClient = new Map<LiveClient, { subscription: Subscription; logs: LogRecord[] }[]>();
    for (const key of event.projectId === FIREHOSE ? [FIREHOSE] : [event.projectId, FIREHOSE]) {
      for (const [client, subscription] of this.byKey.get(key) ?? []) {
        let logs = bySignature.get(subscription.signature);
        if (!logs) bySignature.set(subscription.signature, (logs = matchingLogs(event.logs, subscription.filter)));
        if (logs.length === 0) continue;
        if (subscription.replaying) {
          subscription.hold(event.projectId, logs);
          continue;
        }
        // Usually the same array (so still shared); filtered only just after a replay.
        const fresh = subscription.pastReplay(logs);
        if (fresh.length > 0) perClient.set(client, [...(perClient.get(client) ?? []), { subscription, logs: fresh }]);
      }
    }

    const audiences = new Map<LogRecord[], LiveClient[]>();
    for (const [client, entries] of perClient) {
      if (!client.canSend()) {
        for (const { subscription, logs } of entries) subscription.skipped += logs.length;
      } else if (entries.length === 1) {
        audiences.set(entries[0].logs, [...(audiences.get(entries[0].logs) ?? []), client]);
      } else {
        // The same socket holds the project and the firehose: still one event for this flush.
        client.socket.emit('logs', { projectId: event.projectId, logs: mergeById(entries.map((entry) => entry.logs)) });
      }
    }
    for (const [logs, clients] of audiences) {
      const payload = { projectId: event.projectId, logs };
      if (clients.length === 1 || !this.server) for (const client of clients) client.socket.emit('logs', payload);
      else this.server.local.to(clients.map((client) => client.id)).emit('logs', payload);
    }
  }

  /**
   * Catalogue events go to every client, except one that is over its byte bound: a stalled
   * reader must not buffer without limit (a high-cardinality tag can be one event per log).
   */
  broadcast<E extends CatalogueEvent>(name: E, payload: Parameters<ServerToClientEvents[E]>[0]): void {
    if (!this.server) return;
    const behind: string[] = [];
    for (const client of this.clients.values()) if (!client.canSend()) behind.push(client.id);
    const target = behind.length > 0 ? this.server.local.except(behind) : this.server.local;
    (target.emit as (event: E, data: typeof payload) => boolean)(name, payload);
  }

  /** Sends one held or replayed batch, subject to the same flow control as live logs. */
  private deliver(client: LiveClient, event: LogsStoredEvent & { key: string }): void {
    if (client.canSend()) client.socket.emit('logs', { projectId: event.projectId, logs: event.logs });
    else {
      const subscription = client.subscriptions.get(event.key);
      if (subscription) subscription.skipped += event.logs.length;
    }
  }

  private isCurrent(client: LiveClient, subscription: Subscription): boolean {
    return this.clients.get(client.id) === client && client.subscriptions.get(subscription.key) === subscription;
  }

  private remove(client: LiveClient, key: string): void {
    client.subscriptions.delete(key);
    const subscribers = this.byKey.get(key);
    subscribers?.delete(client);
    if (subscribers?.size === 0) this.byKey.delete(key);
  }
}

const fail = (error: string): SubscribeOutcome => ({ ack: { ok: false, error } });

/** Union of ascending id lists, ascending, each id once. */
function mergeById(lists: LogRecord[][]): LogRecord[] {
  const byId = new Map<number, LogRecord>();
  for (const list of lists) for (const log of list) byId.set(log.id, log);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
