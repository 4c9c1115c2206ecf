import type { Language, NumberGrouping, UserProfile } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { withdrawalHoldOf } from '../cooling-off/service.js';
import { latestRejectionReason } from '../kyc/service.js';
import { secondFactors } from '../two-factor/service.js';
import { findUserById, rememberSavedLanguage, updateUser } from '../users/service.js';

/** `GET /users`: the signed-in user's record with their identity verification and second factors. */
export async function getProfile(db: Db, userId: string, now: Date): Promise<UserProfile> {
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
    ...(await secondFactors(db, userId).then((f) => ({
      two_factor_enabled: f.totp,
      has_passkeys: f.passkeys > 0,
    }))),
    withdrawals_held_until: (await withdrawalHoldOf(db, userId, now))?.toISOString() ?? null,
    anti_phishing_code: user.antiPhishingCode,
    created_at: user.createdAt.toISOString(),
    language: user.language,
    number_grouping: user.numberGrouping,
  };
}

/** `PUT /users/language`: the user's language for the app and their mails from now on. */
export async function setLanguage(db: Db, userId: string, language: Language, now: Date) {
  await updateUser(db, userId, { language }, now);
  rememberSavedLanguage(db, userId, language);
}

/** `PUT /users/number-grouping`: how the user's amounts and prices group digits from now on. */
export async function setNumberGrouping(
  db: Db,
  userId: string,
  numberGrouping: NumberGrouping,
  now: Date,
) {
  await updateUser(db, userId, { numberGrouping }, now);
}
