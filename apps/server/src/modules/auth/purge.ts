import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { purgeCodeRecords } from '../otp/service.js';
import { purgeLoginAttempts } from '../login-history/service.js';
import { UNKNOWN_EMAIL_ATTEMPTS_MS } from '../login-history/service.js';
import { purgeChallenges } from '../challenges/service.js';
import { purgeIdempotencyKeys } from '../idempotency/service.js';
import { purgeResetTokens } from './repository.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long sign-in records are kept (review L11: every email asked about adds a row). Code
 * requests, codes, reset tokens and login / passkey challenges matter for minutes, an hour at
 * most, so a day is generous; they record no login. Sessions and an account's login attempts are the login records (who signed in or
 * tried, when, from which address and browser): Indian record-keeping rules (PMLA) keep them
 * while the account lives and for 5 years after it closes, so they are never purged here
 * (README, "Record keeping"). Attempts under no account (an unknown email) are kept 180 days, as
 * CERT-In's directions expect of login records.
 */
export const RETENTION = {
  codesMs: DAY_MS,
  loginAttemptsMs: UNKNOWN_EMAIL_ATTEMPTS_MS,
  everyMs: 60 * 60_000,
} as const;

/** Deletes what is past its retention; returns how many rows went. */
export async function purgeAuthRecords(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  const codesBefore = new Date(now - RETENTION.codesMs);
  const counts = await Promise.all([
    purgeCodeRecords(ctx.db, codesBefore),
    purgeResetTokens(ctx.db, codesBefore),
    purgeChallenges(ctx.db, codesBefore),
    purgeLoginAttempts(ctx.db, new Date(now - RETENTION.loginAttemptsMs)),
    // Not sign-in records, but as short-lived: money calls' idempotency keys (24 hours).
    purgeIdempotencyKeys(ctx),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/** Runs the purge every hour; returns the function that stops it. */
export function startAuthPurge(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeAuthRecords(ctx)
      .then((rows) => rows > 0 && log.info({ rows }, 'old sign-in records purged'))
      .catch((err: unknown) => log.error({ err }, 'sign-in records purge failed'))
      .finally(() => (running = false));
  }, RETENTION.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
