import {
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_TRIES,
  type OtpPurpose,
} from '@exchange/contracts';
import { rateLimited } from '../../lib/app-error.js';
import type { BackoffPolicy, CounterStore, Refusal } from '../../lib/counter-store.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per-account limits on the public /auth calls, beside the per-address ones (routes.ts). They are
 * keyed by the email as typed, whether or not an account has it, so a refusal reveals nothing.
 */
export const ACCOUNT_LIMITS = {
  /**
   * Failed logins per email and address, or per email and known device (login-history
   * `loginBucket`): 5 free, then 10 s, 20 s, 40 s ... up to 15 min between tries.
   */
  login: {
    free: 5,
    firstDelayMs: 10_000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: DAY_MS,
  } satisfies BackoffPolicy,
  /** Codes tried per email and purpose in 24 h (each code also dies after 5 wrong tries). */
  codeTriesPerDay: 10,
  /**
   * A login's second step from the owner's known device or address (login-history
   * `ownerLoginBucket`): five codes, then the same 15-minute pause as the account's own count.
   */
  ownerSecondFactor: {
    free: SECOND_FACTOR_MAX_TRIES,
    firstDelayMs: SECOND_FACTOR_LOCK_MINUTES * 60_000,
    maxDelayMs: SECOND_FACTOR_LOCK_MINUTES * 60_000,
    forgetAfterMs: SECOND_FACTOR_LOCK_MINUTES * 60_000,
  } satisfies BackoffPolicy,
} as const;

const refuse = (refusal: Refusal | null) => {
  if (refusal) throw rateLimited(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)));
};

export class AuthLimits {
  constructor(
    private readonly store: CounterStore,
    /** Review M2: password-reset codes tried per hour across every account. */
    private readonly resetGuessesPerHour: number,
  ) {}

  /** Counts a login attempt in its bucket, or refuses it while the bucket waits out its back-off. */
  async loginAttempt(bucket: string, now: Date): Promise<void> {
    refuse(await this.store.backoff(`login:${bucket}`, ACCOUNT_LIMITS.login, now.getTime()));
  }

  /** The right password ends the bucket's back-off. */
  async loginSucceeded(bucket: string): Promise<void> {
    await this.store.clear(`login:${bucket}`);
  }

  /**
   * Counts a second-factor code from the owner's known device or address; a refusal while its
   * bucket waits out the pause. A right code ends the count (`secondFactorSucceeded`).
   */
  secondFactorAttempt(bucket: string, now: Date): Promise<Refusal | null> {
    return this.store.backoff(`2fa:${bucket}`, ACCOUNT_LIMITS.ownerSecondFactor, now.getTime());
  }

  async secondFactorSucceeded(bucket: string): Promise<void> {
    await this.store.clear(`2fa:${bucket}`);
  }

  /**
   * Counts a code try against the email's daily cap and, for password resets, the hourly budget
   * of every account together: guessing one code in a million across many accounts stays slow
   * however many addresses the guesser has.
   */
  async codeAttempt(email: string, purpose: OtpPurpose, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const daily = ACCOUNT_LIMITS.codeTriesPerDay;
    refuse(await this.store.hit(`code:${purpose}:${email}`, daily, DAY_MS, nowMs));
    if (purpose === 'password_reset')
      refuse(await this.store.hit('code:password_reset', this.resetGuessesPerHour, HOUR_MS, nowMs));
  }
}
