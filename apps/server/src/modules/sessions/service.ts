import type { LoginData } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import { findLiveSession, insertSession, revokeSession } from './repository.js';

/** How long a login lasts: its access token expires with its session. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(header: string | undefined): string | null {
  const [scheme, token] = (header ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Who an access token signs in: a token we signed (HS256 only), unexpired, whose session is still
 * live (remembered briefly in `ctx.sessions`). Null for anything else, with no hint which check
 * failed. The one sign-in check for HTTP requests and sockets alike.
 */
export async function signedInUser(
  ctx: AppContext,
  token: string | null,
): Promise<AuthInfo | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims || !UUID.test(claims.sessionId)) return null;
  const now = ctx.now();
  let session = ctx.sessions.session(claims.sessionId, now);
  if (!session) {
    session = await findLiveSession(ctx.db, claims.sessionId, now);
    if (session) ctx.sessions.rememberSession(claims.sessionId, session, now);
  }
  if (!session || session.userId !== claims.userId) return null;
  return {
    userId: session.userId,
    sessionId: claims.sessionId,
    apiKeyId: null,
    role: session.role,
    expiresAt: session.expiresAt,
  };
}

/** Opens a session for a user whose credentials were checked, and signs its access token. */
export async function startSession(
  ctx: AppContext,
  login: { userId: string; ip: string | null; userAgent: string | null },
): Promise<LoginData> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const sessionId = await insertSession(ctx.db, { ...login, expiresAt }, now);
  const accessToken = await ctx.tokens.sign({ userId: login.userId, sessionId }, expiresAt);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: SESSION_TTL_SECONDS };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
  ctx.sessions.forgetSession(sessionId);
  ctx.sessionEnds.announce({ sessionId });
}
