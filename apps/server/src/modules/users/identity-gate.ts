import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { said, textOf } from '../../lib/messages.js';
import { findUserById } from './repository.js';

export const KYC_REQUIRED_MESSAGE = textOf(said('kycRequired'), 'en');

/**
 * Deposits, withdrawals and orders need approved identity verification (decision D18), unless
 * `KYC_REQUIRED` turns the gate off; transfers between a user's own wallets do not.
 */
export async function requireVerifiedIdentity(ctx: AppContext, userId: string): Promise<void> {
  if (!ctx.config.kycRequired) return;
  const now = ctx.now();
  let status = ctx.sessions.verificationOf(userId, now);
  if (status === undefined) {
    status = (await findUserById(ctx.db, userId))?.verificationStatus ?? 'none';
    ctx.sessions.rememberVerification(userId, status, now);
  }
  if (status !== 'approved') {
    throw new AppError('KYC_REQUIRED', said('kycRequired'));
  }
}
