import {
  KYC_MESSAGES as M,
  REVIEW_MESSAGES,
  type KycRequestStatus,
  type VerificationRequest,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { refuseOwnRequest } from '../reviews/four-eyes.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { queueSearch } from '../reviews/queue-search.js';
import { ownedFileIds } from '../files/service.js';
import { notePanOnRecord } from '../../core/tax/pan-on-record.js';
import { updateUser } from '../users/service.js';
import { toAdminKycRequestDto } from './dto.js';
import { identityVault } from '../../lib/identity-vault.js';
import {
  documentsHeldByOthers,
  findKycRequestForUpdate,
  insertKycRequest,
  listKycRequests,
  lockUserVerificationStatus,
  recordKycDecision,
} from './repository.js';

const IMAGE_FIELDS = ['aadhar_image_1', 'aadhar_image_2', 'pan_image'] as const;
const DAY_MS = 86_400_000;
/**
 * Identity numbers one user may try in 24 h, checks and submissions together: the refusal of a
 * number another account holds says no more than "cannot be used" (review L2), and this keeps
 * anyone from testing many numbers with it.
 */
export const NUMBER_TRIES_PER_DAY = 10;

async function countNumberTry(ctx: AppContext, userId: string): Promise<void> {
  const key = `kyc-numbers:${userId}`;
  const refused = await ctx.counters.hit(key, NUMBER_TRIES_PER_DAY, DAY_MS, ctx.now().getTime());
  if (refused) throw new AppError('RATE_LIMITED', M.numberChecksExceeded);
}

/**
 * Step 1's check (walk D10): refuses, with the same answer the submission would give, an Aadhaar
 * number that another account's request (pending or approved) holds. Counts as a try.
 */
export async function checkAadhaar(ctx: AppContext, userId: string, aadhaarNumber: string) {
  await countNumberTry(ctx, userId);
  const vault = await identityVault(ctx.config);
  const hashes = { aadhaar: vault.aadhaarHash(aadhaarNumber), pan: '' };
  const held = await documentsHeldByOthers(ctx.db, userId, hashes);
  if (held.aadhaar) throw new AppError('CONFLICT', M.aadhaarTaken);
}

/** Files a request; the user's status becomes `pending_identity` in the same transaction. */
export async function submitVerification(
  ctx: AppContext,
  userId: string,
  req: VerificationRequest,
) {
  await countNumberTry(ctx, userId);
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

      // The wire says `aadhar_*` (the spec's spelling); the database says `aadhaar_*`.
      const request = await insertKycRequest(
        trx,
        {
          userId,
          aadhaarLast4: req.aadhar_number.slice(-4),
          aadhaarHash: hashes.aadhaar,
          panHash: hashes.pan,
          panCiphertext: vault.encryptPan(req.pan_number, userId),
          aadhaarImage1: req.aadhar_image_1,
          aadhaarImage2: req.aadhar_image_2,
          panImage: req.pan_image,
        },
        now,
      );
      await updateUser(trx, userId, { verificationStatus: 'pending_identity' }, now);
      return { _id: request.id, status: request.status };
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
  admin: AdminActor,
  id: string,
  decision: KycDecision,
) {
  const now = ctx.now();
  const status: KycRequestStatus = decision.approve ? 'approved' : 'rejected';
  const reason = decision.approve ? null : maskAadhaarLike(decision.reason);
  const reviewed = await ctx.db.transaction().execute(async (trx) => {
    const request = await findKycRequestForUpdate(trx, id);
    if (!request) throw new AppError('NOT_FOUND', 'Verification request not found');
    // Four eyes: an administrator's own identity is checked by another administrator.
    refuseOwnRequest(request, admin.adminId, REVIEW_MESSAGES.ownIdentity);
    if (request.status !== 'pending')
      throw new AppError('CONFLICT', 'This request was already reviewed');
    await recordKycDecision(
      trx,
      id,
      { status, rejectionReason: reason, reviewedBy: admin.adminId },
      now,
    );
    await updateUser(trx, request.userId, { verificationStatus: status }, now);
    await recordAdminAction(trx, {
      ...admin,
      action: decision.approve ? 'kyc.approved' : 'kyc.rejected',
      targetType: 'kyc',
      targetId: id,
      userId: request.userId,
      before: { status: request.status },
      after: reason === null ? { status } : { status, reason },
      createdAt: now,
    });
    return { _id: id, status, rejection_reason: reason, userId: request.userId };
  });
  // The deposit, withdrawal and order gate reads the new status at once.
  ctx.sessions.forgetUser(reviewed.userId);
  // An approved request carries a PAN: the user's fills pay TDS at the rate with a PAN.
  if (decision.approve) await ctx.core.sequencer.submit(notePanOnRecord(reviewed.userId));
  notifySecurityEvent(
    ctx,
    reviewed.userId,
    reason === null ? { type: 'identity_approved' } : { type: 'identity_rejected', reason },
  );
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

/** The admins' identity queue, oldest first: by status, searched by email or name. */
export async function adminKycRequests(
  ctx: AppContext,
  page: Page,
  filter: { status?: KycRequestStatus; search?: string },
) {
  const vault = await identityVault(ctx.config);
  const search = queueSearch(filter.search);
  const { entries, total } = await listKycRequests(ctx.db, page, { ...filter, search });
  const data = entries.map(({ request, user }) => toAdminKycRequestDto(request, user, vault));
  return { data, total };
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { approvedPanOf, latestRejectionReason } from './repository.js';
