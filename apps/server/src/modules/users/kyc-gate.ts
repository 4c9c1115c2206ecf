import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from './repository.js';

export const KYC_REQUIRED_MESSAGE =
  'Complete identity verification to unlock deposit and trading permissions';

/** Decision D18: deposits, withdrawals and orders need approved identity verification. */
export async function requireVerifiedIdentity(ctx: AppContext, userId: string): Promise<void> {
  if (!ctx.config.kycRequired) return;
  const user = await findUserById(ctx.db, userId);
  if (user?.verification_request_status !== 'approved') {
    throw new AppError(403, 'KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
  }
}
