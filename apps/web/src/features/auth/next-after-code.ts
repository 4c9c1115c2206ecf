import { AUTH_MESSAGES } from '@exchange/contracts';
import { paths } from '@/config/paths';

const VERIFIED = AUTH_MESSAGES.emailVerified;
/** A password-reset code proves the mailbox, not a new email: the toast says so (walk D21). */
const RESET_CODE_VERIFIED = AUTH_MESSAGES.resetCodeVerified;

/**
 * Where a valid one-time code leads, and what the toast says (spec section 2, Security
 * Verification): a registration code to login, a password-reset code to choosing the new password.
 * When the server answers a registration with a `reset_token` (the email was registered more than
 * once, so no password typed by someone who never saw the code is kept), the owner chooses the
 * password there too, told so by the server's message.
 */
export function nextAfterCode(
  type: string,
  answer: { message?: string; data?: { reset_token?: string } | null },
) {
  const resetToken = answer.data?.reset_token;
  if (resetToken && type === 'registration')
    return {
      to: paths.resetPassword.getHref(),
      state: { resetToken },
      toast: answer.message ?? VERIFIED,
    };
  if (type === 'password_reset')
    return {
      to: paths.resetPassword.getHref(),
      state: { resetToken },
      toast: answer.message ?? RESET_CODE_VERIFIED,
    };
  if (type === 'registration')
    return { to: paths.login.getHref(), state: undefined, toast: VERIFIED };
  return { to: paths.home.getHref(), state: undefined, toast: VERIFIED };
}
