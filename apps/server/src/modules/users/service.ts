import type { UserProfile } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { latestRejectionReason } from '../kyc/repository.js';
import { secondFactorsOf } from '../two-factor/repository.js';
import { findUserById } from './repository.js';

export async function getProfile(db: Db, userId: string): Promise<UserProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    is_verified: user.emailVerifiedAt !== null,
    verification_request_status: user.verificationStatus,
    verification_rejection_reason:
      user.verificationStatus === 'rejected' ? await latestRejectionReason(db, userId) : null,
    role: user.role,
    two_factor_enabled: (await secondFactorsOf(db, userId)).totp,
    created_at: user.createdAt.toISOString(),
  };
}

export const KYC_REQUIRED_MESSAGE =
  'Complete identity verification to unlock deposit and trading permissions';

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
    throw new AppError('KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
  }
}
