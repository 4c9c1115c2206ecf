import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { LiveSession } from './session-cache.js';

export interface NewSession {
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Db, s: NewSession, now: Date): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: s.userId,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: now,
      last_seen_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** When a session was last used; `last_seen_at` is written at most once a minute per process. */
const lastUse = sql<Date>`coalesce(sessions.last_seen_at, sessions.created_at)`;

/**
 * The session and its user's role, if the session is neither revoked, expired nor idle (unused
 * since `idleSince`, review L6) and its account is not locked (a session opened while a lock was
 * being applied dies here on its first use).
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  now: Date,
  idleSince: Date,
): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'users.role', 'sessions.expires_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where(lastUse, '>', idleSince)
    .where('users.locked_at', 'is', null)
    .executeTakeFirst();
  return row && { userId: row.user_id, role: row.role, expiresAt: row.expires_at };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface SessionRecord {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The user's live sessions (neither expired nor idle), the most recently used first. */
export async function userLiveSessions(
  db: Db,
  userId: string,
  now: Date,
  idleSince: Date,
): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where(lastUse, '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at ?? r.created_at,
  }));
}

/** Revokes one of the user's live sessions; false when it is none of theirs or already over. */
export async function revokeOwnSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every live session of the user but `keepId`; returns the ids revoked. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** Which of these sessions are still live (and not idle): the feed's periodic check of its open sockets. */
export async function liveSessionIds(
  db: Db,
  sessionIds: string[],
  now: Date,
  idleSince: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where(lastUse, '>', idleSince)
    .where('users.locked_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}
