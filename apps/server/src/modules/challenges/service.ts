import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { ChallengePurpose } from '../../db/schema-two-factor.js';
import { keyedHash } from '../../lib/secrets.js';

/**
 * Single-use, short-lived secrets kept as keyed hashes: the token a login's second step takes,
 * and WebAuthn challenges. Each serves one purpose (and one user, where it names one).
 */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export async function issueChallenge(
  ctx: AppContext,
  purpose: ChallengePurpose,
  userId: string | null,
  secret = randomBytes(32).toString('base64url'),
): Promise<string> {
  const now = ctx.now();
  await ctx.db
    .insertInto('auth_challenges')
    .values({
      purpose,
      user_id: userId,
      secret_hash: keyedHash(ctx.codeKey, secret),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      created_at: now,
    })
    .execute();
  return secret;
}

/** The live challenge's user (null when it names none); undefined if dead, used or another kind. */
export async function liveChallenge(
  ctx: AppContext,
  purpose: ChallengePurpose,
  secret: string,
): Promise<{ userId: string | null } | undefined> {
  const row = await ctx.db
    .selectFrom('auth_challenges')
    .select('user_id')
    .where('secret_hash', '=', keyedHash(ctx.codeKey, secret))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row && { userId: row.user_id };
}

/** Spends a live challenge once: true for the one caller that spends it. */
export async function spendChallenge(
  ctx: AppContext,
  purpose: ChallengePurpose,
  secret: string,
): Promise<boolean> {
  const now = ctx.now();
  const row = await ctx.db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('secret_hash', '=', keyedHash(ctx.codeKey, secret))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes challenges made before `before` (the hourly sign-in records purge). */
export async function purgeChallenges(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('auth_challenges').where('created_at', '<', before).execute();
  return Number(result[0]?.numDeletedRows ?? 0);
}
