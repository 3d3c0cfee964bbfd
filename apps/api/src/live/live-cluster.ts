import { createAdapter } from '@socket.io/redis-adapter';
import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

export interface ClusterLink {
  close(): Promise<void>;
}

/**
 * Plugs `@socket.io/redis-adapter` into the server. The channel prefix is derived from the
 * database URL, so only instances sharing one database (one Logdesk) hear each other, even when
 * several share one Redis.
 */
export function attachRedisAdapter(server: Server, redisUrl: string, databaseUrl: string | null, onError: (message: string) => void): ClusterLink {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (error: Error) => onError(`Redis: ${error.message}`));
  const key = `logdesk:${createHash('sha256').update(databaseUrl ?? 'sqlite').digest('hex').slice(0, 16)}`;
  // node-redis queues commands until connected; the adapter's subscriptions go out once it is.
  void Promise.all([pub.connect(), sub.connect()]).catch((error: Error) => onError(`Redis: ${error.message}`));
  server.adapter(createAdapter(pub, sub, { key }));
  return {
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
