import { Logger } from '@nestjs/common';
import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/**
 * `HOST=localhost` means loopback on IPv4 and IPv6 (contract section 1), but Fastify binds what
 * the name resolves to, and many machines' /etc/hosts give only 127.0.0.1. Whichever loopback
 * is missing gets a plain TCP listener that hands each connection to the same HTTP server, so
 * requests, upgrades and Socket.IO behave exactly as on the main one.
 */
export async function listenOnBothLoopbacks(httpServer: HttpServer): Promise<void> {
  const { port } = httpServer.address() as AddressInfo;
  const bound = new Set<string>();
  // Fastify may have bound both already (secondary servers); the main one is enough to know one.
  bound.add((httpServer.address() as AddressInfo).address);
  for (const address of ['127.0.0.1', '::1']) {
    if (bound.has(address)) continue;
    const extra = createServer((socket) => httpServer.emit('connection', socket));
    await new Promise<void>((done) => {
      extra.once('error', (error: NodeJS.ErrnoException) => {
        // Already served (Fastify's own secondary listener) or no such interface: nothing to add.
        if (error.code !== 'EADDRINUSE') new Logger('Loopback').warn(`Not listening on ${address}: ${error.message}`);
        done();
      });
      extra.listen({ port, host: address }, () => {
        httpServer.once('close', () => extra.close());
        done();
      });
    });
  }
}
