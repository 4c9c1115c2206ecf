import { randomBytes } from 'node:crypto';
import {
  type Language,
  SECOND_FACTOR_LOCK_MINUTES,
  type ForgotPasswordRequest,
  type LoginAnswer,
  type LoginData,
  type LoginOutcome,
  type OtpResendRequest,
  type OtpValidateData,
  type OtpValidateRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SecondFactorLoginRequest,
  type SecondFactorMethod,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { NO_PASSWORD } from '../../lib/passwords.js';
import { spokenLanguage, type RequestOrigin } from '../../lib/request-origin.js';
import { keyedHash } from '../../lib/secrets.js';
import type { MailMessage } from '../../mail/mailer.js';
import { alreadyRegisteredMail, codeMail } from '../../mail/templates.js';
import { findUserByEmail, insertUser, markEmailVerified, updateUser } from '../users/service.js';
import {
  consumeValidCode,
  invalidCode,
  issueCode,
  OTP_LIMITS,
  throttleCodeRequest,
} from '../otp/service.js';
import { lockCodeRequests } from '../otp/service.js';
import {
  insertResetToken,
  isLiveResetToken,
  retireResetTokens,
  useResetToken,
} from './repository.js';
import { announceRevoked, revokeKeysOf } from '../api-key-store/service.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { suspendPasskeysAddedSince } from '../passkeys/service.js';
import { revokeUserSessions } from '../sessions/service.js';
import { startSession } from '../sessions/service.js';
import {
  loginBucket,
  ownerLoginBucket,
  recordFailedLogin,
  type LoginOrigin,
} from '../login-history/service.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { verifyPasskeyLogin } from '../passkeys/service.js';
import {
  CHALLENGE_TTL_SECONDS,
  issueChallenge,
  liveChallenge,
  spendChallenge,
} from '../challenges/service.js';
import {
  secondFactorPaused,
  secondFactors,
  verifySecondFactor,
  wrongCode,
} from '../two-factor/service.js';
import { refuseCommonPassword } from './new-password.js';

type FailedLoginOutcome = Exclude<LoginOutcome, 'success'>;

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const CODE_MINUTES = OTP_LIMITS.ttlMs / 60_000;

const NO_MAIL = 'no-mail' as const;

export const pendingVerification = () =>
  new AppError('EMAIL_VERIFICATION_PENDING', said('emailVerificationPending'), {
    status: 'email_verification_pending',
  });

/**
 * New email: creates the account and mails a code. Verified email: answers the same and mails a
 * notice instead. Unverified email: answers "pending" (the client then asks for a code) and takes
 * nothing from the new attempt. Neither attempt's password can then open the account: nothing
 * shows who typed which, and the code proves only the email. So the account has no password
 * until whoever enters the code chooses one (validateCode), and a stranger's registration of
 * someone else's email can never become their way in (review M1).
 */
export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  language: Language = 'en',
): Promise<void> {
  refuseCommonPassword(input.password);
  // The cheap checks first: scrypt runs once the email's state and throttle are known.
  const known = await ctx.db
    .transaction()
    .execute((trx) => registerKnown(ctx, trx, input.email, language));
  if (known === NEW) {
    const passwordHash = await ctx.passwords.hash(input.password);
    const created = await ctx.db.transaction().execute(async (trx) => {
      const raced = await registerKnown(ctx, trx, input.email, language);
      if (raced !== NEW) return raced;
      // Counted against the email's code requests; a new account gets its code regardless.
      await throttleCodeRequest(ctx, trx, input.email, 'registration');
      const user = await insertUser(trx, {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        passwordHash,
      });
      const code = await issueCode(ctx, trx, user.id, 'registration');
      return codeMail(input.email, code, 'registration', CODE_MINUTES, language);
    });
    return settleRegistration(ctx, created);
  }
  // A verified email answers like a new one, so it takes as long: one scrypt, after the throttle.
  if (known !== PENDING) await ctx.passwords.burn(input.password);
  return settleRegistration(ctx, known);
}

const NEW = 'new' as const;
const PENDING = 'pending' as const;
type Registration = typeof NEW | typeof PENDING | typeof NO_MAIL | MailMessage;

/** What a registration of an email that may already have an account comes to. */
async function registerKnown(
  ctx: AppContext,
  trx: Db,
  email: string,
  language: Language,
): Promise<Registration> {
  // Serialises sign-ups of one email, so two at once cannot both insert.
  await lockCodeRequests(trx, email, 'registration');
  const existing = await findUserByEmail(trx, email);
  if (existing && !existing.emailVerifiedAt) {
    await updateUser(trx, existing.id, { passwordHash: NO_PASSWORD }, ctx.now());
    return PENDING;
  }
  if (!existing) return NEW;
  const refused = await throttleCodeRequest(ctx, trx, email, 'registration');
  // A refused notice is silently dropped: answering differently would reveal the account.
  return refused
    ? NO_MAIL
    : alreadyRegisteredMail(email, spokenLanguage(existing.language, language));
}

function settleRegistration(ctx: AppContext, outcome: Registration): void {
  if (outcome === PENDING) throw pendingVerification();
  if (outcome !== NO_MAIL && outcome !== NEW) ctx.sendMail(outcome);
}

/**
 * Checks the password and opens a session. Every attempt is recorded with how it ended
 * (modules/login-history); an unknown email is recorded as such but answered exactly like a
 * wrong password. With a second factor on, the answer is no session but a single-use five-minute
 * challenge token for `secondFactorLogin` (or a passkey login), naming the methods.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; origin: LoginOrigin },
): Promise<LoginAnswer> {
  const { email, origin } = input;
  const failed = (userId: string | null, outcome: FailedLoginOutcome) =>
    recordFailedLogin(ctx, { userId, email, outcome }, origin);
  const user = await findUserByEmail(ctx.db, email);
  const bucket = await loginBucket(ctx, user?.id ?? null, email, origin);
  try {
    await ctx.authLimits.loginAttempt(bucket, ctx.now());
  } catch (refusal) {
    await failed(user?.id ?? null, 'too_many_attempts');
    throw refusal;
  }
  const ok = user
    ? await ctx.passwords.verify(input.password, user.passwordHash)
    : await ctx.passwords.burn(input.password);
  if (!user || !ok) {
    await failed(user?.id ?? null, user ? 'wrong_password' : 'unknown_email');
    throw new AppError('INVALID_CREDENTIALS', said('invalidCredentials'));
  }
  await ctx.authLimits.loginSucceeded(bucket);
  if (!user.emailVerifiedAt) {
    await failed(user.id, 'email_not_verified');
    throw new AppError('EMAIL_NOT_VERIFIED', said('emailNotVerified'), {
      status: 'email_verification_pending',
    });
  }
  // Said only to whoever knows the password, so it tells a stranger nothing about the account.
  if (user.lockedAt) {
    await failed(user.id, 'account_locked');
    throw new AppError('FORBIDDEN', said('accountLocked'));
  }
  const methods = await secondFactorMethods(ctx, user.id);
  if (methods.length === 0) return startSession(ctx, { userId: user.id, email, ...origin });
  const challengeToken = await issueChallenge(ctx, 'second_factor', user.id);
  return {
    second_factor_required: true,
    challenge_token: challengeToken,
    expires_in: CHALLENGE_TTL_SECONDS,
    methods,
  };
}

async function secondFactorMethods(ctx: AppContext, userId: string): Promise<SecondFactorMethod[]> {
  const { totp, passkeys } = await secondFactors(ctx.db, userId);
  return [
    ...(totp ? (['totp', 'recovery_code'] as const) : []),
    ...(passkeys > 0 ? (['passkey'] as const) : []),
  ];
}

/**
 * The login's second step: the challenge from the password step and a code; then the session. A
 * wrong code is recorded in the login history and leaves the challenge usable (the five-try pause
 * bounds guessing). From the owner's known device or address the five tries are that bucket's own
 * (review N-L5): a stranger with the password pausing the account does not keep the owner out.
 */
export async function secondFactorLogin(
  ctx: AppContext,
  input: SecondFactorLoginRequest & { origin: LoginOrigin },
): Promise<LoginData> {
  const expired = () => new AppError('CHALLENGE_INVALID', said('loginExpired'));
  const challenge = await liveChallenge(ctx, 'second_factor', input.challenge_token);
  const userId = challenge?.userId;
  if (!userId) throw expired();
  const owner = await ownerLoginBucket(ctx, userId, input.origin);
  try {
    if (!owner) await verifySecondFactor(ctx, userId, input.code, 'login_elsewhere');
    else await ownerSecondFactor(ctx, userId, owner, input.code);
  } catch (refusal) {
    await recordFailedLogin(
      ctx,
      { userId, email: null, outcome: 'second_factor_failed' },
      input.origin,
    );
    throw refusal;
  }
  if (!(await spendChallenge(ctx, 'second_factor', input.challenge_token))) throw expired();
  return startSession(ctx, { userId, email: null, ...input.origin });
}

/**
 * The second step from the owner's known device or address: its own five tries, then its own
 * pause (review N-L5); the account's pause and count are not this bucket's.
 */
async function ownerSecondFactor(
  ctx: AppContext,
  userId: string,
  bucket: string,
  code: string,
): Promise<void> {
  const now = ctx.now();
  const paused = (ms: number) => secondFactorPaused(new Date(now.getTime() + ms), now);
  const refusal = await ctx.authLimits.secondFactorAttempt(bucket, now);
  if (refusal) throw paused(refusal.retryAfterMs);
  try {
    await verifySecondFactor(ctx, userId, code, 'by_caller');
  } catch (error) {
    // The app's wrong code, as this bucket counts it (a code used already says so itself).
    const uncounted = (error as AppError).data as { tries_left?: null } | undefined;
    if (uncounted?.tries_left !== null) throw error;
    const left = await ctx.authLimits.secondFactorTriesLeft(bucket, now);
    throw left > 0 ? wrongCode(left) : paused(SECOND_FACTOR_LOCK_MINUTES * 60_000);
  }
  await ctx.authLimits.secondFactorSucceeded(bucket);
}

/** Signs in with a passkey alone: it proves possession and, verified, the user (two factors). */
export async function passkeyLogin(
  ctx: AppContext,
  input: { response: Record<string, unknown>; origin: LoginOrigin },
): Promise<LoginData> {
  const userId = await verifyPasskeyLogin(ctx, input.response);
  return startSession(ctx, { userId, email: null, ...input.origin });
}

export async function validateCode(
  ctx: AppContext,
  input: OtpValidateRequest,
): Promise<OtpValidateData> {
  await ctx.authLimits.codeAttempt(input.email, input.otp_for, ctx.now());
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw invalidCode();
  await consumeValidCode(ctx, user.id, input.otp_for, input.otp);
  const now = ctx.now();
  const userId = user.id;
  if (input.otp_for === 'registration') {
    await markEmailVerified(ctx.db, userId, now);
    // Registered more than once: its owner, who just proved the email, chooses the password.
    if (user.passwordHash !== NO_PASSWORD) return {};
  }
  const resetToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000);
  await insertResetToken(ctx.db, userId, keyedHash(ctx.codeKey, resetToken), expiresAt, now);
  return { reset_token: resetToken, expires_in: RESET_TOKEN_TTL_SECONDS };
}

/** Sends a new code when the account can use one; answers alike either way. */
export async function sendCode(
  ctx: AppContext,
  input: OtpResendRequest,
  language: Language = 'en',
): Promise<void> {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const refused = await throttleCodeRequest(ctx, trx, input.email, input.otp_for);
    if (refused) throw refused;
    const user = await findUserByEmail(trx, input.email);
    if (!user) return null;
    if (input.otp_for === 'registration' && user.emailVerifiedAt) return null;
    const code = await issueCode(ctx, trx, user.id, input.otp_for);
    return codeMail(
      input.email,
      code,
      input.otp_for,
      CODE_MINUTES,
      spokenLanguage(user.language, language),
    );
  });
  if (mail) ctx.sendMail(mail);
}

export function forgotPassword(
  ctx: AppContext,
  input: ForgotPasswordRequest,
  language: Language = 'en',
): Promise<void> {
  return sendCode(ctx, { email: input.email, otp_for: 'password_reset' }, language);
}

/** Passkeys added this long before a password reset are suspended until their owner confirms them. */
export const RECENT_PASSKEY_MS = 7 * 24 * 60 * 60_000;

/**
 * Sets the new password and evicts whoever else was in (review N-M2): every session ends, every
 * API key is revoked (its sockets close), passkeys added in the last 7 days are suspended until
 * the owner confirms them, and withdrawals wait out the cooling-off period. The code that led
 * here also proves the email.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordRequest,
  from: RequestOrigin,
): Promise<void> {
  refuseCommonPassword(input.password);
  const tokenHash = keyedHash(ctx.codeKey, input.reset_token);
  const expired = () => new AppError('RESET_TOKEN_INVALID', said('resetExpired'));
  // A dead token costs no scrypt; the hash below is then spent only on a real reset.
  if (!(await isLiveResetToken(ctx.db, tokenHash, ctx.now()))) throw expired();
  const passwordHash = await ctx.passwords.hash(input.password);
  const now = ctx.now();
  const reset = await ctx.db.transaction().execute(async (trx) => {
    const userId = await useResetToken(trx, tokenHash, now);
    if (!userId) return null;
    await updateUser(trx, userId, { passwordHash }, now);
    await markEmailVerified(trx, userId, now);
    await retireResetTokens(trx, userId, now);
    await revokeUserSessions(trx, userId, now);
    const keyIds = await revokeKeysOf(ctx, userId, undefined, trx);
    const since = new Date(now.getTime() - RECENT_PASSKEY_MS);
    const suspended = await suspendPasskeysAddedSince(trx, userId, since, now);
    const heldUntil = await startCoolingOff(ctx, userId, trx);
    return { userId, keyIds, suspended, heldUntil };
  });
  if (!reset) throw expired();
  const { userId, keyIds, suspended, heldUntil } = reset;
  ctx.sessions.forgetUser(userId);
  ctx.sessionEnds.announce({ userId });
  announceRevoked(ctx, keyIds);
  const event = {
    type: 'password_changed',
    apiKeysRevoked: keyIds.length,
    suspendedPasskeys: suspended.map((p) => ({ name: p.name, addedAt: p.createdAt })),
    heldUntil,
  } as const;
  notifySecurityEvent(ctx, userId, event, from);
}
