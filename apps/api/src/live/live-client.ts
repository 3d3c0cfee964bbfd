import type { LiveSocket } from './live-events';
import type { Subscription } from './subscription';

/**
 * Bytes waiting for one client above which its logs are dropped, and below which it resumes. A
 * healthy client on a LAN drains a flush in milliseconds; these only trip for a stalled reader.
 */
export const FLOW_LIMITS = {
  highWaterBytes: 4 * 1024 * 1024,
  lowWaterBytes: 512 * 1024,
  /** How often a lagging client is looked at again, even when no new logs arrive. */
  drainCheckMs: 50,
} as const;

/** The parts of engine.io's socket read here (not in socket.io's public types). */
interface EngineInternals {
  writeBuffer?: { data?: string | Buffer | ArrayBuffer }[];
  transport?: { socket?: { bufferedAmount?: number } };
}

/**
 * Bytes queued for a client and not yet handed to the kernel: engine.io's write buffer (packets
 * waiting while the transport is busy or the client has not polled) plus what the WebSocket holds.
 */
export function pendingBytes(socket: LiveSocket): number {
  const conn = socket.conn as unknown as EngineInternals;
  let bytes = conn.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer ?? []) {
    const data = packet.data;
    bytes += typeof data === 'string' ? data.length : (data?.byteLength ?? 0);
  }
  return bytes;
}

/**
 * One connected socket: its subscriptions (one per key) and its flow control. A client that falls
 * behind loses logs rather than slowing the writer or anyone else; it learns how many through
 * `lagged` once it has drained, and can page them or re-subscribe with `afterId`.
 */
export class LiveClient {
  readonly subscriptions = new Map<string, Subscription>();
  private lagging = false;
  private drainTimer: NodeJS.Timeout | null = null;

  constructor(readonly socket: LiveSocket) {}

  get id(): string {
    return this.socket.id;
  }

  /** Whether logs may be sent now; starts the drain watch when the client is over the bound. */
  canSend(): boolean {
    if (this.lagging) return false;
    if (pendingBytes(this.socket) <= FLOW_LIMITS.highWaterBytes) return true;
    this.lagging = true;
    this.drainTimer = setInterval(() => this.checkDrained(), FLOW_LIMITS.drainCheckMs);
    // A lagging client must not keep the process alive at shutdown.
    this.drainTimer.unref();
    return false;
  }

  close(): void {
    if (this.drainTimer) clearInterval(this.drainTimer);
    this.drainTimer = null;
    this.subscriptions.clear();
  }

  private checkDrained(): void {
    if (!this.socket.connected) return this.close();
    if (pendingBytes(this.socket) > FLOW_LIMITS.lowWaterBytes) return;
    clearInterval(this.drainTimer!);
    this.drainTimer = null;
    this.lagging = false;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.skipped === 0) continue;
      this.socket.emit('lagged', { projectId: subscription.key, skipped: subscription.skipped });
      subscription.skipped = 0;
    }
  }
}
