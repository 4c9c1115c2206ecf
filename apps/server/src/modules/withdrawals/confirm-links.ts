import { CONFIRM_LINK_MINUTES, WITHDRAWAL_CONTROL_MESSAGES as M } from '@exchange/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import {
  findWithdrawal,
  insertConfirmLink,
  liveConfirmLink,
  spendConfirmLink,
} from './repository.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The single-use link that confirms a withdrawal to a new address (walk-4 W4-4), for its mail: 32
 * random bytes the database keeps only as a SHA-256 hash, bound to the withdrawal and its user,
 * expiring after CONFIRM_LINK_MINUTES. It opens the web app's page (`/withdraw/confirm`): opening
 * it changes nothing (mail scanners open links); the page's button posts the secret back.
 */
export async function issueConfirmLink(ctx: AppContext, withdrawalId: string, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + CONFIRM_LINK_MINUTES * 60_000);
  await insertConfirmLink(ctx.db, { tokenHash: hashOf(token), withdrawalId, userId, expiresAt });
  const origin = ctx.config.webauthn.origins[0];
  return { url: `${origin}/withdraw/confirm?token=${token}`, minutes: CONFIRM_LINK_MINUTES };
}

const invalid = () =>
  new AppError('BAD_REQUEST', M.confirmLinkInvalid, { errors: { token: M.confirmLinkInvalid } });

/** The withdrawal a live link would confirm, still awaiting, for the page; the link stays live. */
export async function withdrawalOfConfirmLink(ctx: AppContext, token: string) {
  const link = await liveConfirmLink(ctx.db, hashOf(token), ctx.now());
  const record = link && (await findWithdrawal(ctx.db, link.withdrawal_id));
  if (record?.userId !== link?.user_id || record?.status !== 'awaiting_email_confirmation')
    throw invalid();
  return record;
}

/**
 * Spends the link (once only) and answers the withdrawal and user it is bound to, to be confirmed
 * (the writer checks it still awaits, of that user).
 */
export async function spendConfirm(ctx: AppContext, token: string) {
  const link = await spendConfirmLink(ctx.db, hashOf(token), ctx.now());
  if (!link) throw invalid();
  return { id: link.withdrawal_id, userId: link.user_id };
}
