import type { SubscribeAck } from '@logdesk/contracts';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { LiveServer, LiveSocket } from './live-events';
import { LiveHub } from './live-hub';

type AckFn = ((ack: SubscribeAck) => void) | undefined;

/**
 * The Socket.IO entry points (default namespace, path /socket.io). Server options, the Host and
 * key checks live in LiveIoAdapter; the rules live in LiveHub.
 */
@WebSocketGateway()
export class LiveGateway
  implements OnGatewayInit<LiveServer>, OnGatewayConnection<LiveSocket>, OnGatewayDisconnect<LiveSocket>
{
  constructor(private readonly hub: LiveHub) {}

  afterInit(server: LiveServer): void {
    this.hub.attach(server);
  }

  handleConnection(socket: LiveSocket): void {
    this.hub.connect(socket);
  }

  handleDisconnect(socket: LiveSocket): void {
    this.hub.disconnect(socket);
  }

  /** The ack goes out before any replayed log, so a client that resets its view on the ack keeps them. */
  @SubscribeMessage('subscribe')
  subscribe(@ConnectedSocket() socket: LiveSocket, @MessageBody() request: unknown, @Ack() ack: AckFn): void {
    const outcome = this.hub.subscribe(socket, request);
    if (typeof ack === 'function') ack(outcome.ack);
    void outcome.replay?.();
  }

  @SubscribeMessage('unsubscribe')
  unsubscribe(@ConnectedSocket() socket: LiveSocket, @MessageBody() request: unknown, @Ack() ack: AckFn): void {
    const result = this.hub.unsubscribe(socket, request);
    if (typeof ack === 'function') ack(result);
  }
}
