import {
  KYC_MESSAGES as M,
  type AdminKycRequest,
  type KycRequestStatus,
  type VerificationRequest,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { recordAdminAction } from '../admin/repository.js';
import { ownedFileIds } from '../files/repository.js';
import { updateUser } from '../users/repository.js';
import { identityVault, maskPan } from './identity-vault.js';
import {
  documentsHeldByOthers,
  findKycRequestForUpdate,
  insertKycRequest,
  listKycRequests,
  lockUserVerificationStatus,
  updateKycRequest,
} from './repository.js';

const IMAGE_FIELDS = ['aadhar_image_1', 'aadhar_image_2', 'pan_image'] as const;

/** Files a request; the user's status becomes `pending_identity` in the same transaction. */
export async function submitVerification(
  ctx: AppContext,
  userId: string,
  req: VerificationRequest,
) {
  const vault = await identityVault(ctx.config);
  const hashes = {
    aadhaar: vault.aadhaarHash(req.aadhar_number),
    pan: vault.panHash(req.pan_number),
  };
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const status = await lockUserVerificationStatus(trx, userId);
      if (status === 'pending_identity') throw new AppError('CONFLICT', M.alreadyPending);
      if (status === 'approved') throw new AppError('CONFLICT', M.alreadyApproved);

      // Someone else's file id is answered exactly like an unknown one.
      const owned = await ownedFileIds(
        trx,
        userId,
        IMAGE_FIELDS.map((f) => req[f]),
      );
      const missing = IMAGE_FIELDS.find((field) => !owned.has(req[field]));
      if (missing) {
        throw new AppError('VALIDATION_ERROR', M.imageNotFound, {
          errors: { [missing]: M.imageNotFound },
        });
      }
      const held = await documentsHeldByOthers(trx, userId, hashes);
      if (held.aadhaar) throw new AppError('CONFLICT', M.aadhaarTaken);
      if (held.pan) throw new AppError('CONFLICT', M.panTaken);

      const row = await insertKycRequest(trx, {
        user_id: userId,
        status: 'pending',
        aadhaar_last4: req.aadhar_number.slice(-4),
        aadhaar_hash: hashes.aadhaar,
        pan_hash: hashes.pan,
        pan_ciphertext: vault.encryptPan(req.pan_number, userId),
        aadhaar_image_1: req.aadhar_image_1,
        aadhaar_image_2: req.aadhar_image_2,
        pan_image: req.pan_image,
        created_at: now,
        updated_at: now,
      });
      await updateUser(trx, userId, {
        verification_request_status: 'pending_identity',
        updated_at: now,
      });
      return { _id: row.id, status: row.status };
    });
  } catch (err) {
    // The partial unique indexes settle a race the checks above cannot see.
    if ((err as { code?: unknown }).code === '23505') throw conflictFor(err);
    throw err;
  }
}

function conflictFor(err: unknown): AppError {
  const text = `${(err as { constraint?: unknown }).constraint ?? ''} ${String(err)}`;
  if (text.includes('aadhaar_hash')) return new AppError('CONFLICT', M.aadhaarTaken);
  if (text.includes('pan_hash')) return new AppError('CONFLICT', M.panTaken);
  return new AppError('CONFLICT', M.alreadyPending);
}

export type KycDecision = { approve: true } | { approve: false; reason: string };

/** Approves or rejects a pending request, mirrors it onto the user and records who did it. */
export async function reviewKycRequest(
  ctx: AppContext,
  adminId: string,
  id: string,
  decision: KycDecision,
) {
  const now = ctx.now();
  const status: KycRequestStatus = decision.approve ? 'approved' : 'rejected';
  const reason = decision.approve ? null : maskAadhaarLike(decision.reason);
  const reviewed = await ctx.db.transaction().execute(async (trx) => {
    const row = await findKycRequestForUpdate(trx, id);
    if (!row) throw new AppError('NOT_FOUND', 'Verification request not found');
    // Four eyes: an administrator's own identity is checked by another administrator.
    if (row.user_id === adminId) {
      throw new AppError('FORBIDDEN', 'You cannot review your own verification request');
    }
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', 'This request was already reviewed');
    await updateKycRequest(trx, id, {
      status,
      rejection_reason: reason,
      reviewed_by: adminId,
      reviewed_at: now,
      updated_at: now,
    });
    await updateUser(trx, row.user_id, { verification_request_status: status, updated_at: now });
    await recordAdminAction(trx, {
      adminId,
      action: decision.approve ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc',
      targetId: id,
      detail: reason === null ? { user_id: row.user_id } : { user_id: row.user_id, reason },
      createdAt: now,
    });
    return { _id: id, status, rejection_reason: reason, userId: row.user_id };
  });
  // The deposit, withdrawal and order gate reads the new status at once.
  ctx.sessions.forgetUser(reviewed.userId);
  return {
    _id: reviewed._id,
    status: reviewed.status,
    rejection_reason: reviewed.rejection_reason,
  };
}

/** A reason is free text; an Aadhaar number typed into it keeps only its last four digits. */
export function maskAadhaarLike(text: string): string {
  return text.replace(/(?<!\d)\d{4}[\s-]?\d{4}[\s-]?(\d{4})(?!\d)/g, 'XXXX XXXX $1');
}

export async function adminKycRequests(ctx: AppContext, page: Page, status?: KycRequestStatus) {
  const vault = await identityVault(ctx.config);
  const { rows, total } = await listKycRequests(ctx.db, page, status);
  const data = rows.map((row): AdminKycRequest => ({
    _id: row.id,
    status: row.status,
    user: {
      _id: row.user_id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
    },
    aadhaar_last4: row.aadhaar_last4,
    pan_masked: maskPan(vault.decryptPan(row.pan_ciphertext, row.user_id)),
    aadhar_image_1: row.aadhaar_image_1,
    aadhar_image_2: row.aadhaar_image_2,
    pan_image: row.pan_image,
    rejection_reason: row.rejection_reason,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
  return { data, total };
}
