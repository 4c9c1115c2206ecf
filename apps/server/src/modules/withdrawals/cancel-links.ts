import { WITHDRAWAL_CONTROL_MESSAGES as M } from '@exchange/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { findWithdrawal, insertCancelLink, liveCancelLink, spendCancelLink } from './repository.js';

/** How long a withdrawal mail's cancel link works. */
export const CANCEL_LINK_HOURS = 24;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A single-use link that cancels the withdrawal, for its mail: 32 random bytes the database keeps
 * only as a SHA-256 hash (a copy of the table cancels nothing), expiring after CANCEL_LINK_HOURS.
 * It opens the web app's confirm page (`/withdraw/cancel`): opening it changes nothing; the page's
 * button posts the secret back.
 */
export async function issueCancelLink(ctx: AppContext, withdrawalId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + CANCEL_LINK_HOURS * 3_600_000);
  await insertCancelLink(ctx.db, { tokenHash: hashOf(token), withdrawalId, expiresAt });
  const origin = ctx.config.webauthn.origins[0];
  return { url: `${origin}/withdraw/cancel?token=${token}`, hours: CANCEL_LINK_HOURS };
}

const invalid = () =>
  new AppError('BAD_REQUEST', M.cancelLinkInvalid, { errors: { token: M.cancelLinkInvalid } });

/** The withdrawal a live link would cancel, for the confirm page; the link stays live. */
export async function withdrawalOfLink(ctx: AppContext, token: string) {
  const id = await liveCancelLink(ctx.db, hashOf(token), ctx.now());
  const record = id && (await findWithdrawal(ctx.db, id));
  if (!record) throw invalid();
  return record;
}

/** Spends the link (once only) and answers the withdrawal it names, to be cancelled. */
export async function spendLink(ctx: AppContext, token: string) {
  const id = await spendCancelLink(ctx.db, hashOf(token), ctx.now());
  const record = id && (await findWithdrawal(ctx.db, id));
  if (!record) throw invalid();
  return record;
}
