import type { Language, LoginOutcome } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Page } from '../../db/paginate.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { keyedHash } from '../../lib/secrets.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { toLoginRecordDto } from './dto.js';
import { insertLoginAttempt, knownOrigin, userLoginPage } from './repository.js';

/**
 * Attempts under no account (an unknown email) are kept this long, as CERT-In's directions expect
 * of login records; an account's own login history is kept with the account (auth/purge.ts).
 */
export const UNKNOWN_EMAIL_ATTEMPTS_MS = 180 * 24 * 60 * 60_000;

/** Where a login came from: the request's address and user agent, and its device cookie. */
export interface LoginOrigin extends RequestOrigin {
  deviceId: string | null;
}

const deviceHash = (ctx: AppContext, origin: LoginOrigin) =>
  origin.deviceId === null ? null : keyedHash(ctx.codeKey, `device:${origin.deviceId}`);

/**
 * The login back-off's bucket for an attempt (review N-L1), so that a stranger's wrong passwords
 * cannot keep the owner out: a browser that has signed in to this account before (its device
 * cookie) has a bucket of its own; any other attempt counts against the email from its address.
 */
export async function loginBucket(
  ctx: AppContext,
  userId: string | null,
  email: string,
  origin: LoginOrigin,
): Promise<string> {
  const device = deviceHash(ctx, origin);
  if (userId && device && (await knownOrigin(ctx.db, userId, device, null)).device)
    return `${email}:device:${device}`;
  return `${email}:address:${origin.ip ?? 'unknown'}`;
}

/**
 * The bucket of a login's second step when it comes from where the owner has signed in before
 * (review N-L5): this browser's device cookie, else this address. Wrong codes from there count in
 * that bucket alone, so that whoever holds the password cannot pause the owner's second factor
 * from elsewhere. Null for a stranger's device and address: those share the account's count of
 * logins from elsewhere, whose pause stops no signed-in step-up (two-factor/code-counts.ts).
 */
export async function ownerLoginBucket(
  ctx: AppContext,
  userId: string,
  origin: LoginOrigin,
): Promise<string | null> {
  const device = deviceHash(ctx, origin);
  const known = await knownOrigin(ctx.db, userId, device, origin.ip);
  if (known.device) return `${userId}:device:${device}`;
  if (known.address) return `${userId}:address:${origin.ip}`;
  return null;
}

/** Keeps a login attempt that did not sign in: how it failed, when and from where. */
export async function recordFailedLogin(
  ctx: AppContext,
  attempt: {
    userId: string | null;
    email: string | null;
    outcome: Exclude<LoginOutcome, 'success'>;
  },
  origin: LoginOrigin,
): Promise<void> {
  await insertLoginAttempt(
    ctx.db,
    { ...attempt, ip: origin.ip, userAgent: origin.userAgent, deviceHash: deviceHash(ctx, origin) },
    ctx.now(),
  );
}

/** A login that signed in, as its watcher is told of it (after it is recorded). */
export interface SignedIn {
  userId: string;
  ip: string | null;
  /** The keyed hash of its device cookie; null without one. */
  deviceHash: string | null;
}

/** Who is told of each successful login, per app: the AML monitor (`modules/aml/monitor.ts`). */
const loginWatchers = new WeakMap<AppContext, (login: SignedIn) => void>();

/** Has `watch` told of every successful login from now on; it must not throw nor wait. */
export function watchLogins(ctx: AppContext, watch: (login: SignedIn) => void): void {
  loginWatchers.set(ctx, watch);
}

/**
 * Keeps a login that signed in, and mails the owner a notice when it came from a device or an
 * address the account has never signed in from (its login history is kept with the account).
 */
export async function recordSuccessfulLogin(
  ctx: AppContext,
  login: { userId: string; email: string | null },
  origin: LoginOrigin,
): Promise<void> {
  const hash = deviceHash(ctx, origin);
  const known = await knownOrigin(ctx.db, login.userId, hash, origin.ip);
  await insertLoginAttempt(
    ctx.db,
    {
      ...login,
      outcome: 'success',
      ip: origin.ip,
      userAgent: origin.userAgent,
      deviceHash: hash,
    },
    ctx.now(),
  );
  loginWatchers.get(ctx)?.({ userId: login.userId, ip: origin.ip, deviceHash: hash });
  if (!known.device || !known.address)
    notifySecurityEvent(ctx, login.userId, { type: 'new_login' }, origin);
}

/** The user's login attempts, newest first. */
export async function loginHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  language: Language = 'en',
) {
  const { attempts, total } = await userLoginPage(ctx.db, userId, page);
  return { data: attempts.map((a) => toLoginRecordDto(a, language)), total };
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { loginsFrom, purgeLoginAttempts } from './repository.js';
