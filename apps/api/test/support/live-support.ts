import { startLogdesk, type LogdeskProcess, type StartOptions } from './logdesk-process';
import type {
  ClientToServerEvents,
  LaggedEvent,
  LogEntryInput,
  LogRecord,
  LogsStoredEvent,
  ServerToClientEvents,
  SubscribeAck,
  SubscribeRequest,
} from '@logdesk/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type LiveClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Polls `check` until it returns true; fails with `label` after `timeoutMs`. */
export async function waitFor(check: () => boolean, label: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${label}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

type ConnectOptions = Partial<ManagerOptions & SocketOptions>;

/** Every socket opened through these helpers, so `closeAll` can end them in afterAll. */
const opened = new Set<LiveClientSocket>();

export function closeAllSockets(): void {
  for (const socket of opened) socket.close();
  opened.clear();
}

function open(url: string, options: ConnectOptions): LiveClientSocket {
  const socket: LiveClientSocket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  opened.add(socket);
  return socket;
}

/** A connected socket; rejects on `connect_error` or after 5 s. */
export async function connect(url: string, options: ConnectOptions = {}): Promise<LiveClientSocket> {
  const socket = open(url, options);
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('connect timed out')), 5_000);
    socket.once('connect', () => (clearTimeout(timer), done()));
    socket.once('connect_error', (error) => (clearTimeout(timer), fail(error)));
  });
  return socket;
}

/** The `connect_error` of a connection that must be refused; rejects if it connects. */
export async function refusal(url: string, options: ConnectOptions = {}): Promise<Error & { data?: unknown }> {
  const socket = open(url, options);
  try {
    return await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error('neither connected nor refused within 5 s')), 5_000);
      socket.once('connect', () => (clearTimeout(timer), fail(new Error('the connection was accepted'))));
      socket.once('connect_error', (error) => (clearTimeout(timer), done(error)));
    });
  } finally {
    socket.close();
  }
}

export async function subscribe(socket: LiveClientSocket, request: SubscribeRequest): Promise<SubscribeAck> {
  return socket.timeout(5_000).emitWithAck('subscribe', request);
}

export async function unsubscribe(socket: LiveClientSocket, projectId: string): Promise<SubscribeAck> {
  return socket.timeout(5_000).emitWithAck('unsubscribe', { projectId });
}

/** Records every `logs` and `lagged` event of one socket, in arrival order. */
export class Received {
  readonly events: LogsStoredEvent[] = [];
  readonly lagged: LaggedEvent[] = [];

  constructor(socket: LiveClientSocket) {
    socket.on('logs', (event) => this.events.push(event));
    socket.on('lagged', (event) => this.lagged.push(event));
  }

  logs(projectId?: string): LogRecord[] {
    return this.events
      .filter((event) => projectId === undefined || event.projectId === projectId)
      .flatMap((event) => event.logs);
  }

  ids(projectId?: string): number[] {
    return this.logs(projectId).map((log) => log.id);
  }

  messages(projectId?: string): string[] {
    return this.logs(projectId).map((log) => log.message);
  }
}

/** `POST /logs` over real HTTP; expects 200. */
export async function ingest(
  url: string,
  projectId: string,
  logs: LogEntryInput[],
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await fetch(`${url}/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ projectId, logs }),
  });
  if (response.status !== 200) throw new Error(`POST /logs answered ${response.status}: ${await response.text()}`);
}

export const entry = (message: string, extra: Partial<LogEntryInput> = {}): LogEntryInput => ({
  bucket: 'default',
  level: 'info',
  message,
  ...extra,
});

/** Every stored id of a project, ascending, paged through `GET /api/logs`. */
export async function storedIds(
  url: string,
  projectId: string,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const ids: number[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const query = new URLSearchParams({
      projectId,
      limit: '1000',
      ...(beforeId ? { beforeId: String(beforeId) } : {}),
    });
    const response = await fetch(`${url}/api/logs?${query}`, { headers });
    const page = (await response.json()) as { logs: LogRecord[]; hasMore: boolean };
    ids.push(...page.logs.map((log) => log.id));
    if (!page.hasMore) return ids.reverse();
    beforeId = page.logs[page.logs.length - 1].id;
  }
}

/** Strictly increasing: in id order and no id twice. */
export const strictlyIncreasing = (ids: number[]): boolean => ids.every((id, i) => i === 0 || id > ids[i - 1]);

/**
 * Starts one real server for a describe block (beforeAll) and stops it with every socket of the
 * block (afterAll). The returned object is filled in by beforeAll, so use it inside tests only.
 */
export function useLiveServer(options: StartOptions = {}): LogdeskProcess {
  const server = {} as LogdeskProcess;
  beforeAll(async () => {
    Object.assign(server, await startLogdesk(options));
  });
  afterAll(async () => {
    closeAllSockets();
    await server.stop?.();
  });
  return server;
}
