import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';

/**
 * Socket.IO's Redis adapter on two connections (publish and subscribe) to `url`. Its channels
 * are named after the deployment (`databaseIdentity`): the processes on one database hear each
 * other, and another deployment sharing the Redis server (a staging beside production) hears
 * none of it, neither market data nor order updates nor revocations.
 */
export async function connectRedisAdapter(
  io: Server,
  url: string,
  deployment: string,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // The clients reconnect by themselves; an unhandled 'error' would end the process.
  for (const client of [pub, sub])
    client.on('error', (err: unknown) => log.error({ err }, 'redis connection error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: `exchange#${deployment}` }));
  return {
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
