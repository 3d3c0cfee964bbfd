import type { SocketAuth } from '@logdesk/contracts';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { hostAllowed, keyAllowed } from '../common/request-guards';
import type { AppConfig } from '../config/app-config';
import { attachRedisAdapter, type ClusterLink } from './live-cluster';

type HandshakeError = Error & { data?: { statusCode: number; error: string; message: string } };
/** Nest's IoAdapter is typed against its own nested copy of socket.io. */
type NestIoServer = ReturnType<IoAdapter['createIOServer']>;
type NestIoOptions = Parameters<IoAdapter['createIOServer']>[1];

/**
 * The Socket.IO server of contract section 6 on the API's own HTTP server (same port, path
 * /socket.io). Socket.IO answers its requests before Fastify routes them, so the Fastify hooks
 * (Host allow-list, API key) never see them: both checks are repeated here at the handshake.
 */
export class LiveIoAdapter extends IoAdapter {
  private readonly liveLogger = new Logger('LiveIoAdapter');
  private cluster: ClusterLink | null = null;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  /**
   * Builds the server from the app's own `socket.io` (the version package.json pins, the one the
   * Redis adapter will pair with) rather than the copy nested under @nestjs/platform-socket.io.
   */
  override createIOServer(port: number, options?: NestIoOptions): NestIoServer {
    const settings: Partial<ServerOptions> = {
      ...(options as Partial<ServerOptions> | undefined),
      cors: { origin: '*' },
      // The dashboard and the SDK bundle their own client; nothing needs /socket.io/socket.io.js.
      serveClient: false,
      allowRequest: (request, callback) => hostCheck(this.config, request, callback),
    };
    const server = this.httpServer && port === 0 ? new Server(this.httpServer, settings) : new Server(port, settings);
    server.use((socket, next) => next(keyCheck(this.config, socket)));
    this.attachCluster(server);
    return server as unknown as NestIoServer;
  }

  /** With REDIS_URL, instances share their live events (see live-cluster.ts and LiveFanout's relay). */
  private attachCluster(server: Server): void {
    if (!this.config.redisUrl) return;
    this.cluster = attachRedisAdapter(server, this.config.redisUrl, this.config.databaseUrl, (message) =>
      this.liveLogger.error(message),
    );
  }

  override async close(server: NestIoServer): Promise<void> {
    await super.close(server);
    await this.cluster?.close();
  }
}

/**
 * DNS-rebinding defence for the handshake, as on HTTP: engine.io answers a refused polling
 * handshake with 403 and this message; a refused WebSocket upgrade always gets its fixed 400.
 */
function hostCheck(
  config: AppConfig,
  request: IncomingMessage,
  callback: (error: string | null, success: boolean) => void,
): void {
  const host = request.headers.host;
  if (hostAllowed(config, host)) callback(null, true);
  else callback(`Host "${host}" is not allowed; set LOGDESK_ALLOWED_HOSTS to accept it`, false);
}

/** With API keys configured, the handshake must carry `auth: { token }`; refused ones get `connect_error`. */
function keyCheck(config: AppConfig, socket: Socket): HandshakeError | undefined {
  const token = (socket.handshake.auth as SocketAuth | undefined)?.token;
  if (keyAllowed(config, typeof token === 'string' ? token : undefined)) return undefined;
  const message = 'A valid API key is required: connect with auth: { token: <key> }';
  const error: HandshakeError = new Error(message);
  error.data = { statusCode: 401, error: 'Unauthorized', message };
  return error;
}
