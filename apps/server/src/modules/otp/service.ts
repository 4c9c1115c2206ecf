import { randomInt } from 'node:crypto';
import type { OtpPurpose } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { keyedHash, sameHash } from '../../lib/secrets.js';
import {
  consumeCode,
  countAttempt,
  findLiveCode,
  listCodeRequests,
  lockCodeRequests,
  recordCodeRequest,
  replaceCode,
} from './repository.js';

export const OTP_LIMITS = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 10_000,
  maxPerHour: 5,
} as const;

const HOUR_MS = 60 * 60_000;

const hashCode = (ctx: AppContext, userId: string, purpose: OtpPurpose, code: string) =>
  keyedHash(ctx.codeKey, `${purpose}:${userId}:${code}`);

/**
 * Counts a request for a code against the email's cooldown and hourly cap, or returns why it is
 * refused. Throttling is by email whether or not an account exists, so refusals reveal nothing.
 * Call in a transaction.
 */
export async function throttleCodeRequest(
  ctx: AppContext,
  trx: Db,
  email: string,
  purpose: OtpPurpose,
): Promise<AppError | null> {
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await lockCodeRequests(trx, email, purpose);
  const recent = await listCodeRequests(trx, email, purpose, hourAgo);
  const last = recent.at(-1);
  if (last && now.getTime() - last.getTime() < OTP_LIMITS.resendCooldownMs) {
    const wait = Math.ceil((last.getTime() + OTP_LIMITS.resendCooldownMs - now.getTime()) / 1000);
    return new AppError('OTP_COOLDOWN', said('otpCooldown', wait), {
      retry_after_seconds: wait,
    });
  }
  const first = recent[0];
  if (first && recent.length >= OTP_LIMITS.maxPerHour) {
    const wait = Math.ceil((first.getTime() + HOUR_MS - now.getTime()) / 1000);
    return new AppError('OTP_LIMIT_REACHED', said('otpLimit'), {
      retry_after_seconds: wait,
    });
  }
  await recordCodeRequest(trx, email, purpose, now, hourAgo);
  return null;
}

/** Creates a fresh 6-digit code (CSPRNG), keeps only its keyed hash, returns it for mailing. */
export async function issueCode(
  ctx: AppContext,
  trx: Db,
  userId: string,
  purpose: OtpPurpose,
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = ctx.now();
  await replaceCode(
    trx,
    {
      userId,
      purpose,
      codeHash: hashCode(ctx, userId, purpose, code),
      expiresAt: new Date(now.getTime() + OTP_LIMITS.ttlMs),
    },
    now,
  );
  return code;
}

/**
 * A wrong, expired, used or dead code answer alike; the message names both causes, so that a
 * user holding the right but expired code asks for a new one instead of typing it again.
 */
export const invalidCode = () => new AppError('OTP_INVALID', said('otpInvalid'));

/**
 * Consumes the code or throws; a wrong try counts, and the fifth kills the code. Every failure is
 * the same OTP_INVALID: telling "expired" or "locked" apart would show a stranger that the email
 * has an account with a code waiting (review L1).
 */
export async function consumeValidCode(
  ctx: AppContext,
  userId: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const live = await findLiveCode(ctx.db, userId, purpose);
  if (!live || live.expires_at.getTime() <= ctx.now().getTime()) throw invalidCode();
  const attempts = await countAttempt(ctx.db, live.id, OTP_LIMITS.maxAttempts);
  if (attempts === null || !sameHash(hashCode(ctx, userId, purpose, code), live.code_hash))
    throw invalidCode();
  if (!(await consumeCode(ctx.db, live.id, ctx.now()))) throw invalidCode();
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { lockCodeRequests, purgeCodeRecords } from './repository.js';
