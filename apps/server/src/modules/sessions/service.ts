import { type ActiveSession, type Language, type LoginData } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { deviceName } from '../../lib/device-name.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import { recordSuccessfulLogin, type LoginOrigin } from '../login-history/service.js';
import { isAccountLocked } from '../users/service.js';
import {
  findLiveSession,
  insertSession,
  revokeOtherSessions,
  revokeOwnSession,
  revokeSession,
  touchSession,
  userLiveSessions,
} from './repository.js';

/** How long a login lasts: its access token expires with its session. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sessions unused since then are over (`SESSION_IDLE_MINUTES`, 30 by default): answered 401 as
 * an expired one is (review L6).
 */
export const idleSince = (ctx: AppContext, now: Date) =>
  new Date(now.getTime() - ctx.config.sessionIdleMs);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(header: string | undefined): string | null {
  // The scheme is case-insensitive; the token is what follows one space, up to the next.
  if (header === undefined || header.length < 8) return null;
  if (!header.startsWith('Bearer ') && header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const end = header.indexOf(' ', 7);
  return end === 7 ? null : header.slice(7, end === -1 ? undefined : end);
}

/**
 * What `token` signed in as moments ago, while that still stands and nothing is left to do for it
 * (no last_seen_at write due): answered without a promise, so a trader's request is signed in
 * within its first hook (issue 33). Undefined sends the caller to `signedInUser`.
 */
export function signedInAlready(ctx: AppContext, token: string | null): AuthInfo | undefined {
  if (!token) return undefined;
  const now = ctx.now();
  const known = ctx.sessions.signedIn(token, now.getTime(), Date.now());
  return known && !ctx.sessions.lastSeenPending(known.sessionId as string, now) ? known : undefined;
}

/**
 * Who an access token signs in: a token we signed (HS256 only), unexpired, whose session is still
 * live (remembered briefly in `ctx.sessions`, and with it what the token signed in as). Null for
 * anything else, with no hint which check failed. The one sign-in check for HTTP requests and
 * sockets alike.
 */
export async function signedInUser(
  ctx: AppContext,
  token: string | null,
): Promise<AuthInfo | null> {
  const known = signedInAlready(ctx, token);
  if (known) return known;
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims || !UUID.test(claims.sessionId)) return null;
  const now = ctx.now();
  let session = ctx.sessions.session(claims.sessionId, now);
  if (!session) {
    session = await findLiveSession(ctx.db, claims.sessionId, now, idleSince(ctx, now));
    if (session) ctx.sessions.rememberSession(claims.sessionId, session, now);
  }
  if (!session || session.userId !== claims.userId) return null;
  if (ctx.sessions.lastSeenDue(claims.sessionId, now))
    await touchSession(ctx.db, claims.sessionId, now);
  const auth: AuthInfo = {
    userId: session.userId,
    sessionId: claims.sessionId,
    apiKeyId: null,
    role: session.role,
    expiresAt: session.expiresAt,
  };
  ctx.sessions.rememberSignIn(token, auth, claims.until);
  return auth;
}

/**
 * Opens a session for a user whose credentials were checked, and signs its access token. Every
 * login that signs in ends here, so it is also where the login is recorded and, from a new
 * device or address, the owner is told (modules/login-history).
 */
export async function startSession(
  ctx: AppContext,
  login: { userId: string; email: string | null } & LoginOrigin,
): Promise<LoginData> {
  const { userId, email, ...origin } = login;
  // Every way in (password, second factor, passkey) ends here: a locked account gets no session.
  if (await isAccountLocked(ctx.db, userId)) throw new AppError('FORBIDDEN', said('accountLocked'));
  await recordSuccessfulLogin(ctx, { userId, email }, origin);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const sessionId = await insertSession(
    ctx.db,
    { userId, ip: origin.ip, userAgent: origin.userAgent, expiresAt },
    now,
  );
  ctx.sessions.lastSeenDue(sessionId, now);
  const accessToken = await ctx.tokens.sign({ userId, sessionId }, now, expiresAt);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: SESSION_TTL_SECONDS };
}

/** The user's live sessions for the Security page, the one making the request first and marked. */
export async function activeSessions(
  ctx: AppContext,
  userId: string,
  currentId: string,
  language: Language = 'en',
): Promise<ActiveSession[]> {
  const now = ctx.now();
  const sessions = await userLiveSessions(ctx.db, userId, now, idleSince(ctx, now));
  // This session first, then the others by last use.
  const ordered = [
    ...sessions.filter((s) => s.id === currentId),
    ...sessions.filter((s) => s.id !== currentId),
  ];
  return ordered.map((s) => ({
    _id: s.id,
    device: deviceName(s.userAgent, language),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    current: s.id === currentId,
  }));
}

/** Ends one of the user's sessions: its token is refused and its sockets close at once. */
export async function endSession(ctx: AppContext, userId: string, sessionId: string) {
  if (!(await revokeOwnSession(ctx.db, userId, sessionId, ctx.now())))
    throw new AppError('NOT_FOUND', 'No such session');
  sessionEnded(ctx, sessionId);
}

/** Ends every session of the user but the current one; returns how many ended. */
export async function endOtherSessions(
  ctx: AppContext,
  userId: string,
  currentId: string,
): Promise<number> {
  const ended = await revokeOtherSessions(ctx.db, userId, currentId, ctx.now());
  for (const id of ended) sessionEnded(ctx, id);
  return ended.length;
}

function sessionEnded(ctx: AppContext, sessionId: string): void {
  ctx.sessions.forgetSession(sessionId);
  ctx.sessionEnds.announce({ sessionId });
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
  sessionEnded(ctx, sessionId);
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { revokeUserSessions } from './repository.js';
