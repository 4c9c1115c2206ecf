import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/app-error.js';
import { findLiveSession } from '../modules/auth/session-repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * onRequest hook for a protected scope: a Bearer token we signed (HS256 only), unexpired, whose
 * session is still live. Anything else is 401 with no hint which check failed.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const { ctx } = request.server;
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
  const claims = await ctx.tokens.verify(token);
  if (!claims || !UUID.test(claims.sessionId)) throw unauthorized('Session expired. Log in again');
  const now = ctx.now();
  let session = ctx.sessions.session(claims.sessionId, now);
  if (!session) {
    const row = await findLiveSession(ctx.db, claims.sessionId, now);
    session = row && { userId: row.user_id, role: row.role, expiresAt: row.expires_at };
    if (session) ctx.sessions.rememberSession(claims.sessionId, session, now);
  }
  if (!session || session.userId !== claims.userId) {
    throw unauthorized('Session expired. Log in again');
  }
  request.auth = { userId: session.userId, sessionId: claims.sessionId, role: session.role };
}

/** For handlers inside an authenticated scope. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
