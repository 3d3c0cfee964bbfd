import type { Socket as NetSocket } from 'node:net';
import {
  Received,
  connect,
  entry,
  ingest,
  strictlyIncreasing,
  subscribe,
  waitFor,
  type LiveClientSocket,
  useLiveServer,
} from './support/live-support';

/** The TCP socket under socket.io-client's WebSocket transport in Node (the `ws` package). */
function tcpOf(socket: LiveClientSocket): NetSocket {
  const transport = (socket.io.engine as unknown as { transport: { name: string; ws: { _socket: NetSocket } } })
    .transport;
  if (transport.name !== 'websocket') throw new Error(`expected the websocket transport, got ${transport.name}`);
  return transport.ws._socket;
}

/** "A slow client never slows ingestion or other clients" (contract section 6). */
describe('live stream flow control', () => {
  const server = useLiveServer();

  it('drops logs for a stalled client, keeps the others whole, and reports lagged once it drains', async () => {
    const healthy = await connect(server.url);
    const healthyReceived = new Received(healthy);
    expect(await subscribe(healthy, { projectId: 'flood' })).toEqual({ ok: true });
    const stalled = await connect(server.url);
    const stalledReceived = new Received(stalled);
    expect(await subscribe(stalled, { projectId: 'flood' })).toEqual({ ok: true });
    // Stop reading: the kernel buffers fill, then the server's own queue for this client.
    tcpOf(stalled).pause();

    // About 24 MB of logs, well past the socket buffers plus the server's bound for one client.
    const total = 12_000;
    const padding = 'x'.repeat(2_000);
    const started = Date.now();
    for (let batch = 0; batch < total / 1_000; batch++) {
      await ingest(
        server.url,
        'flood',
        Array.from({ length: 1_000 }, (_, i) => entry(`f${batch * 1_000 + i}`, { context: { padding } })),
      );
    }
    const ingestMs = Date.now() - started;
    await waitFor(() => healthyReceived.ids().length === total, 'every log on the healthy client', 30_000);
    const health = (await fetch(`${server.url}/health`).then((response) => response.json())) as {
      queue: { pending: number };
    };
    expect(health.queue.pending).toBe(0);
    expect(strictlyIncreasing(healthyReceived.ids())).toBe(true);
    expect(healthyReceived.lagged).toEqual([]);
    // Loose bound, for a loaded CI box: the stalled reader must not hold POST /logs up.
    expect(ingestMs).toBeLessThan(15_000);

    tcpOf(stalled).resume();
    await waitFor(() => stalledReceived.lagged.length > 0, 'lagged on the stalled client', 20_000);
    const [lagged] = stalledReceived.lagged;
    expect(lagged.projectId).toBe('flood');
    expect(lagged.skipped).toBeGreaterThan(0);
    // What arrived plus what was reported skipped is everything: nothing lost silently.
    expect(stalledReceived.ids().length + lagged.skipped).toBe(total);
    expect(strictlyIncreasing(stalledReceived.ids())).toBe(true);

    // The client is back in step: new logs arrive live, and afterId fetches the gap.
    await ingest(server.url, 'flood', [entry('after the flood')]);
    await waitFor(() => stalledReceived.messages().at(-1) === 'after the flood', 'a live log after the lag', 10_000);
    expect(stalledReceived.lagged).toHaveLength(1);
  });
});
