import type { TwoFactorChanges, TwoFactorRow } from './repository.js';

/**
 * Which count a code check adds a wrong code to (review N-L5):
 * - `in_session`: a signed-in step-up (withdrawal, security change, API key), its caller already
 *   past the password and the second factor;
 * - `login_elsewhere`: a login's second step from a device and address the owner has never used;
 * - `by_caller`: a login's second step from the owner's known device or address, counted by the
 *   caller in that device's or address's own bucket (none here).
 * A burst of wrong codes from elsewhere therefore pauses only logins from elsewhere: the owner's
 * session keeps its step-ups and the owner's known device its login.
 */
export type CodeCount = 'in_session' | 'login_elsewhere' | 'by_caller';

/** The wrong codes in a row and the pause of the count `kind` on the row; null: not counted here. */
export function countOf(
  row: Pick<TwoFactorRow, 'failures' | 'locked_until' | 'login_failures' | 'login_locked_until'>,
  kind: CodeCount,
): { failures: number; lockedUntil: Date | null } | null {
  if (kind === 'by_caller') return null;
  if (kind === 'login_elsewhere')
    return { failures: row.login_failures, lockedUntil: row.login_locked_until };
  return { failures: row.failures, lockedUntil: row.locked_until };
}

/** The row's change that sets the count `kind` (never `by_caller`) to these values. */
export function countChange(
  kind: Exclude<CodeCount, 'by_caller'>,
  failures: number,
  lockedUntil?: Date,
): TwoFactorChanges {
  if (kind === 'login_elsewhere')
    return {
      login_failures: failures,
      ...(lockedUntil ? { login_locked_until: lockedUntil } : {}),
    };
  return { failures, ...(lockedUntil ? { locked_until: lockedUntil } : {}) };
}
