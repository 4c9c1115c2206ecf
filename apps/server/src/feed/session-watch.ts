import type { FastifyInstance } from 'fastify';
import { liveSessionIds } from '../modules/sessions/repository.js';
import { idleSince } from '../modules/sessions/service.js';
import { sessionRoom, userRoom, type FeedServer } from './feed-types.js';

/** How often open signed-in sockets are checked against their sessions: under the 5 s promised. */
export const SESSION_CHECK_MS = 4_000;
/** Session ids per query of the periodic check. */
const CHECK_CHUNK = 1_000;

/**
 * Closes signed-in sockets whose session ended (review M5): at once on a logout or a password
 * reset in this process (through the adapter, on every process), and within `SESSION_CHECK_MS`
 * for anything else: expiry, idleness, or a revocation by another process (the admin CLI). A closed
 * client reconnects as a visitor. Returns the stop function.
 */
export function watchSessions(
  app: FastifyInstance,
  io: FeedServer,
  intervalMs = SESSION_CHECK_MS,
): () => void {
  const stopListening = app.ctx.sessionEnds.listen((end) => {
    const room = 'sessionId' in end ? sessionRoom(end.sessionId) : userRoom(end.userId);
    io.in(room).disconnectSockets(true);
  });
  let checking = false;
  const check = async () => {
    const signedIn = [...io.of('/').sockets.values()].filter((s) => s.data.sessionId);
    const ids = [...new Set(signedIn.map((s) => s.data.sessionId as string))];
    const live = new Set<string>();
    const now = app.ctx.now();
    const idle = idleSince(app.ctx, now);
    for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
      const chunk = await liveSessionIds(app.ctx.db, ids.slice(i, i + CHECK_CHUNK), now, idle);
      for (const id of chunk) live.add(id);
    }
    for (const socket of signedIn)
      if (!live.has(socket.data.sessionId as string)) socket.disconnect(true);
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check()
      .catch((err: unknown) => app.log.error({ err }, 'socket session check failed'))
      .finally(() => (checking = false));
  }, intervalMs);
  timer.unref();
  return () => {
    stopListening();
    clearInterval(timer);
  };
}
