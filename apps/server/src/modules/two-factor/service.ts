import { randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_TRIES,
  TWO_FACTOR_MESSAGES as M,
  type RecoveryCodesData,
  type StepUp,
  type TotpSetupData,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { keyedHash } from '../../lib/secrets.js';
import { identityVault } from '../../lib/identity-vault.js';
import { revokeKeysOf } from '../api-key-store/service.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import {
  passkeysAddedSince,
  usablePasskeyCount,
  verifyPasskeyAssertion,
} from '../passkeys/service.js';
import { findUserById } from '../users/service.js';
import {
  deleteRecoveryCodes,
  lockTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  totpEnabled,
  updateTwoFactor,
  useRecoveryCode,
} from './repository.js';
import { countChange, countOf, type CodeCount } from './code-counts.js';
import { newTotpSecret, secondsToNextCode, totpStep, totpUri } from './totp.js';

const LOCK_MS = SECOND_FACTOR_LOCK_MINUTES * 60_000;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Which second factors the user has: an authenticator app, passkeys (a usable count). */
export async function secondFactors(db: Db, userId: string) {
  const [totp, passkeys] = await Promise.all([
    totpEnabled(db, userId),
    usablePasskeyCount(db, userId),
  ]);
  return { totp, passkeys };
}

/** True when the user has an authenticator app or a passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const { totp, passkeys } = await secondFactors(db, userId);
  return totp || passkeys > 0;
}

/**
 * Checks a second-factor code for a user whose authenticator app is on: a code from the app (each
 * time step accepted once, one step of clock drift either way) or an unused recovery code (spent
 * here). Five wrong codes in a row pause the second factor for 15 minutes. Throws
 * SECOND_FACTOR_INVALID, SECOND_FACTOR_LOCKED or SECOND_FACTOR_REQUIRED; returns when the code is
 * good. The one check behind login's second step, withdrawals, security changes and API keys.
 *
 * `counted` says which count a wrong code adds to (code-counts.ts, review N-L5): a signed-in
 * step-up's (the default), a login's second step from elsewhere, or none (`by_caller`: a login's
 * second step from the owner's known device or address, which its caller counts in that device's or
 * address's own bucket). Each count has its own pause, so a burst of wrong codes from a stranger
 * who holds the password pauses only logins from elsewhere. The row is locked for the check, so
 * parallel codes are counted one by one: no more than five pass before the pause.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  userId: string,
  code: string,
  counted: CodeCount = 'in_session',
): Promise<void> {
  const vault = await identityVault(ctx.config);
  const now = ctx.now();
  let pausedUntil = null as Date | null;
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockTwoFactor(trx, userId);
    if (!row?.totp_secret) return new AppError('SECOND_FACTOR_REQUIRED', M.notOn);
    const count = countOf(row, counted);
    const locked = count && pauseRefusal(count.lockedUntil, now);
    if (locked) return locked;
    const reset = counted === 'by_caller' ? {} : countChange(counted, 0);
    if (/^\d{6}$/.test(code)) {
      const secret = vault.openTotpSecret(row.totp_secret, userId);
      const step = await totpStep(secret, code, now);
      if (step !== null && row.totp_last_step !== null && step <= Number(row.totp_last_step)) {
        // Replays stay refused, the enrolment's code too (a seen code must not change settings);
        // the refusal says when the next code comes (walk-4 W4-25).
        const wait = secondsToNextCode(Number(row.totp_last_step), now);
        return new AppError('SECOND_FACTOR_INVALID', said('codeUsed', wait), {
          retry_after_seconds: wait,
        });
      }
      if (step !== null) {
        await updateTwoFactor(trx, userId, { totp_last_step: step, ...reset }, now);
        return null;
      }
    } else if (await useRecoveryCode(trx, userId, keyedHash(ctx.codeKey, code), now)) {
      await updateTwoFactor(trx, userId, reset, now);
      return null;
    }
    if (counted === 'by_caller' || !count)
      return new AppError('SECOND_FACTOR_INVALID', M.codeInvalid, { tries_left: null });
    const failure = await recordFailure(trx, userId, counted, count.failures, now);
    pausedUntil = failure.pausedUntil;
    return failure.refusal;
  });
  // The fifth wrong code in a row: someone with the password or a session is guessing.
  if (pausedUntil)
    notifySecurityEvent(ctx, userId, { type: 'second_factor_paused', until: pausedUntil });
  if (refusal) throw refusal;
}

/**
 * A step-up (withdrawals, security changes): with the authenticator app on, the call must carry
 * its code (`two_factor_code`) or a passkey's answer; with passkeys only, a passkey's answer
 * (`passkey_response`, to POST /security/passkeys/step-up-options). Without either factor it passes.
 */
export async function requireSecondFactor(
  ctx: AppContext,
  userId: string,
  proof: StepUp,
): Promise<void> {
  const { totp, passkeys } = await secondFactors(ctx.db, userId);
  if (passkeys > 0 && proof.passkey_response) {
    await verifyPasskeyAssertion(ctx, proof.passkey_response, userId);
    return;
  }
  if (totp) {
    if (!proof.two_factor_code)
      throw new AppError('SECOND_FACTOR_REQUIRED', said('codeRequiredForAction'));
    await verifySecondFactor(ctx, userId, proof.two_factor_code);
    return;
  }
  if (passkeys > 0) throw new AppError('SECOND_FACTOR_REQUIRED', M.passkeyRequiredForAction);
}

function pauseRefusal(lockedUntil: Date | null, now: Date): AppError | null {
  if (!lockedUntil || lockedUntil <= now) return null;
  return secondFactorPaused(lockedUntil, now);
}

/** SECOND_FACTOR_INVALID, saying how many codes may still be tried before the pause. */
export function wrongCode(left: number): AppError {
  return new AppError('SECOND_FACTOR_INVALID', said('wrongCode', left), { tries_left: left });
}

/** SECOND_FACTOR_LOCKED: codes are refused until `until`. */
export function secondFactorPaused(until: Date, now: Date): AppError {
  const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  const minutes = Math.ceil(seconds / 60);
  return new AppError('SECOND_FACTOR_LOCKED', said('secondFactorPaused', minutes), {
    retry_after_seconds: seconds,
    retry_at: until.toISOString(),
  });
}

/** Counts a wrong code in the count `kind`; the fifth in a row starts its pause (and the count again). */
async function recordFailure(
  trx: Db,
  userId: string,
  kind: Exclude<CodeCount, 'by_caller'>,
  before: number,
  now: Date,
): Promise<{ refusal: AppError; pausedUntil: Date | null }> {
  const failures = before + 1;
  if (failures < SECOND_FACTOR_MAX_TRIES) {
    await updateTwoFactor(trx, userId, countChange(kind, failures), now);
    return { refusal: wrongCode(SECOND_FACTOR_MAX_TRIES - failures), pausedUntil: null };
  }
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  await updateTwoFactor(trx, userId, countChange(kind, 0, lockedUntil), now);
  return { refusal: secondFactorPaused(lockedUntil, now), pausedUntil: lockedUntil };
}

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, kept until confirmed. An
 * account with passkeys confirms the start with one (review N-H1: a session alone adds no factor).
 */
export async function startTotpSetup(
  ctx: AppContext,
  userId: string,
  proof: StepUp,
): Promise<TotpSetupData> {
  const totp = await totpEnabled(ctx.db, userId);
  if (totp) throw new AppError('CONFLICT', M.alreadyOn);
  await requireSecondFactor(ctx, userId, proof);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const vault = await identityVault(ctx.config);
  const secret = newTotpSecret();
  await savePendingSecret(ctx.db, userId, vault.sealTotpSecret(secret, userId), ctx.now());
  return { secret, otpauth_uri: totpUri(secret, user.email) };
}

/**
 * Confirms the setup secret with a code from the app; answers the ten recovery codes, once. A
 * passkey added since the setup started voids it: that setup was confirmed by no factor.
 */
export async function confirmTotpSetup(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<RecoveryCodesData> {
  const vault = await identityVault(ctx.config);
  const now = ctx.now();
  const codes = newRecoveryCodes();
  let pausedUntil = null as Date | null;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockTwoFactor(trx, userId);
    if (row?.totp_secret) return new AppError('CONFLICT', M.alreadyOn);
    const pendingAt = row?.totp_pending_at;
    if (
      !row?.totp_pending_secret ||
      !pendingAt ||
      (await passkeysAddedSince(trx, userId, pendingAt))
    )
      return new AppError('BAD_REQUEST', M.setupFirst);
    const locked = pauseRefusal(row.locked_until, now);
    if (locked) return locked;
    const secret = vault.openTotpSecret(row.totp_pending_secret, userId);
    const step = /^\d{6}$/.test(code) ? await totpStep(secret, code, now) : null;
    if (step === null) {
      const failure = await recordFailure(trx, userId, 'in_session', row.failures, now);
      pausedUntil = failure.pausedUntil;
      return failure.refusal;
    }
    await updateTwoFactor(
      trx,
      userId,
      {
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_pending_at: null,
        totp_enabled_at: now,
        totp_last_step: step,
        failures: 0,
      },
      now,
    );
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => hashRecoveryCode(ctx, c)),
      now,
    );
    await startCoolingOff(ctx, userId, trx);
    return null;
  });
  if (pausedUntil)
    notifySecurityEvent(ctx, userId, { type: 'second_factor_paused', until: pausedUntil });
  if (outcome) throw outcome;
  return { recovery_codes: codes };
}

/**
 * Turns the authenticator app off with one of its codes (or a recovery code). Keys with the
 * withdraw permission are revoked with it: the app's code was what allowed them (review N-M2).
 */
export async function disableTotp(ctx: AppContext, userId: string, code: string): Promise<void> {
  await verifySecondFactor(ctx, userId, code);
  await ctx.db.transaction().execute(async (trx) => {
    await updateTwoFactor(
      trx,
      userId,
      { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, failures: 0 },
      ctx.now(),
    );
    await deleteRecoveryCodes(trx, userId);
    await startCoolingOff(ctx, userId, trx);
  });
  await revokeKeysOf(ctx, userId, 'withdraw');
}

/** Ten new recovery codes for a code; the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<RecoveryCodesData> {
  await verifySecondFactor(ctx, userId, code);
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => hashRecoveryCode(ctx, c)),
      ctx.now(),
    );
    await startCoolingOff(ctx, userId, trx);
  });
  return { recovery_codes: codes };
}

/** `abcde-fghij`: 50 random bits each, shown with a dash, checked without. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const hashRecoveryCode = (ctx: AppContext, code: string) =>
  keyedHash(ctx.codeKey, code.replace('-', ''));
