import type { UserProfile } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { latestRejectionReason } from '../kyc/repository.js';
import { findUserById } from './repository.js';

export async function getProfile(db: Db, userId: string): Promise<UserProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    is_verified: user.email_verified_at !== null,
    verification_request_status: user.verification_request_status,
    verification_rejection_reason:
      user.verification_request_status === 'rejected'
        ? await latestRejectionReason(db, userId)
        : null,
    role: user.role,
    created_at: user.created_at.toISOString(),
  };
}
