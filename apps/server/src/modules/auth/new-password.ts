import { AppError } from '../../lib/app-error.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import { said } from '../../lib/messages.js';

/**
 * A new password (sign-up, reset, change, an admin made by the CLI) is refused when it is a common
 * one (review L5), as a validation failure of its field. Checked before anything else the call
 * does, so the answer says nothing about the account (a sign-up for a taken email is refused the
 * same way).
 */
export function refuseCommonPassword(password: string): void {
  if (!isCommonPassword(password)) return;
  const message = said('commonPassword');
  throw new AppError('VALIDATION_ERROR', message, { errors: { password: message } });
}
