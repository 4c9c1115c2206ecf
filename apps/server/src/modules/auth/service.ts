import { randomBytes } from 'node:crypto';
import type {
  ForgotPasswordRequest,
  LoginData,
  OtpResendRequest,
  OtpValidateData,
  OtpValidateRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { keyedHash } from '../../lib/secrets.js';
import { alreadyRegisteredMail, codeMail } from '../../mail/templates.js';
import { findUserByEmail, insertUser, markEmailVerified, updateUser } from '../users/repository.js';
import {
  consumeValidCode,
  invalidCode,
  issueCode,
  OTP_LIMITS,
  throttleCodeRequest,
} from '../otp/service.js';
import { lockCodeRequests } from '../otp/repository.js';
import { insertResetToken, retireResetTokens, useResetToken } from './repository.js';
import { revokeUserSessions } from '../sessions/repository.js';
import { startSession } from '../sessions/service.js';

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const CODE_MINUTES = OTP_LIMITS.ttlMs / 60_000;

const NO_MAIL = 'no-mail' as const;

export const pendingVerification = () =>
  new AppError('EMAIL_VERIFICATION_PENDING', 'Email verification pending. Verify your email', {
    status: 'email_verification_pending',
  });

/**
 * New email: creates the account and mails a code. Verified email: answers the same and mails a
 * notice instead. Unverified email: takes the newest details and answers "pending" (the client
 * then asks for a code), so a forgotten first attempt never blocks the owner.
 */
export async function register(ctx: AppContext, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const details = {
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    passwordHash,
  };
  const mail = await ctx.db.transaction().execute(async (trx) => {
    // Serialises sign-ups of one email, so two at once cannot both insert.
    await lockCodeRequests(trx, input.email, 'registration');
    const existing = await findUserByEmail(trx, input.email);
    if (existing && !existing.emailVerifiedAt) {
      await updateUser(trx, existing.id, details, ctx.now());
      return null;
    }
    const refused = await throttleCodeRequest(ctx, trx, input.email, 'registration');
    // A refused notice is silently dropped: answering differently would reveal the account.
    if (existing) return refused ? NO_MAIL : alreadyRegisteredMail(input.email);
    const user = await insertUser(trx, { ...details, email: input.email });
    const code = await issueCode(ctx, trx, user.id, 'registration');
    return codeMail(input.email, code, 'registration', CODE_MINUTES);
  });
  if (!mail) throw pendingVerification();
  if (mail !== NO_MAIL) ctx.sendMail(mail);
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string; userAgent: string | null },
): Promise<LoginData> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  if (!user || !ok) {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Verify your email before logging in', {
      status: 'email_verification_pending',
    });
  }
  return startSession(ctx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
}

export async function validateCode(
  ctx: AppContext,
  input: OtpValidateRequest,
): Promise<OtpValidateData> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw invalidCode();
  await consumeValidCode(ctx, user.id, input.otp_for, input.otp);
  const now = ctx.now();
  const userId = user.id;
  if (input.otp_for === 'registration') {
    await markEmailVerified(ctx.db, userId, now);
    return {};
  }
  const resetToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000);
  await insertResetToken(ctx.db, userId, keyedHash(ctx.codeKey, resetToken), expiresAt, now);
  return { reset_token: resetToken, expires_in: RESET_TOKEN_TTL_SECONDS };
}

/** Sends a new code when the account can use one; answers alike either way. */
export async function sendCode(ctx: AppContext, input: OtpResendRequest): Promise<void> {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const refused = await throttleCodeRequest(ctx, trx, input.email, input.otp_for);
    if (refused) throw refused;
    const user = await findUserByEmail(trx, input.email);
    if (!user) return null;
    if (input.otp_for === 'registration' && user.emailVerifiedAt) return null;
    const code = await issueCode(ctx, trx, user.id, input.otp_for);
    return codeMail(input.email, code, input.otp_for, CODE_MINUTES);
  });
  if (mail) ctx.sendMail(mail);
}

export function forgotPassword(ctx: AppContext, input: ForgotPasswordRequest): Promise<void> {
  return sendCode(ctx, { email: input.email, otp_for: 'password_reset' });
}

/** Sets the new password, ends every session; the code that led here also proves the email. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const resetUser = await ctx.db.transaction().execute(async (trx) => {
    const userId = await useResetToken(trx, keyedHash(ctx.codeKey, input.reset_token), now);
    if (!userId) return null;
    await updateUser(trx, userId, { passwordHash }, now);
    await markEmailVerified(trx, userId, now);
    await retireResetTokens(trx, userId, now);
    await revokeUserSessions(trx, userId, now);
    return userId;
  });
  if (!resetUser) {
    throw new AppError('RESET_TOKEN_INVALID', 'This reset request has expired. Start again');
  }
  ctx.sessions.forgetUser(resetUser);
}
