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
import type { Db } from '../../db/connect.js';
import {
  documentsHeldByOthers,
  findKycRequestForUpdate,
  insertKycRequest,
  listKycRequests,
  lockUserVerificationStatus,
  recordKycDecision,
  type KycRequest,
} from './repository.js';

const IMAGE_FIELDS = ['aadhar_image_1', 'aadhar_image_2', 'pan_image'] as const;
const DAY_MS = 86_400_000;
/**
 * Identity numbers one user may try in 24 h, checks and submissions together: a bound on how many
 * identity requests (each an admin's work) one account can file.
 */
export const NUMBER_TRIES_PER_DAY = 10;

async function countNumberTry(ctx: AppContext, userId: string): Promise<void> {
  const key = `kyc-numbers:${userId}`;
  const refused = await ctx.counters.hit(key, NUMBER_TRIES_PER_DAY, DAY_MS, ctx.now().getTime());
  if (refused) throw new AppError('RATE_LIMITED', M.numberChecksExceeded);
}

/**
 * Step 1's check (walk D10): the number's form is the route's schema (12 digits, Verhoeff); this
 * counts the try. It never says whether another account holds the number (review L2: that told
 * anyone whether a person has an account here); the admin reviewing the request sees it.
 */
export async function checkAadhaar(ctx: AppContext, userId: string) {
  await countNumberTry(ctx, userId);
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
      // A number another account holds is not refused here (review L2): the request waits for
      // an admin like any other, marked (`held_elsewhere`), and cannot be approved while the
      // number is approved for the other account.
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
    // The partial unique index on a user's live request settles a race the check above cannot see.
    if ((err as { code?: unknown }).code === '23505')
      throw new AppError('CONFLICT', M.alreadyPending);
    throw err;
  }
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
  const reviewed = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const request = await findKycRequestForUpdate(trx, id);
      if (!request) throw new AppError('NOT_FOUND', 'Verification request not found');
      // Four eyes: an administrator's own identity is checked by another administrator.
      refuseOwnRequest(request, admin.adminId, REVIEW_MESSAGES.ownIdentity);
      if (request.status !== 'pending')
        throw new AppError('CONFLICT', 'This request was already reviewed');
      if (decision.approve) await refuseHeldElsewhere(trx, request);
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
    })
    .catch((err: unknown) => {
      // Two approvals of one number at once: the approved-only unique index keeps one.
      if ((err as { code?: unknown }).code === '23505')
        throw new AppError('CONFLICT', REVIEW_MESSAGES.identityHeldElsewhere);
      throw err;
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

/**
 * One Aadhaar and one PAN serve one account: a request whose number another account holds
 * approved cannot be approved (the approved-only unique indexes hold it under a race too).
 */
async function refuseHeldElsewhere(trx: Db, request: KycRequest): Promise<void> {
  const held = await documentsHeldByOthers(trx, request.userId, {
    aadhaar: request.aadhaarHash,
    pan: request.panHash,
    approvedOnly: true,
  });
  if (held.aadhaar || held.pan)
    throw new AppError('CONFLICT', REVIEW_MESSAGES.identityHeldElsewhere);
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
  const data = await Promise.all(
    entries.map(async ({ request, user }) => {
      const held = await documentsHeldByOthers(ctx.db, request.userId, {
        aadhaar: request.aadhaarHash,
        pan: request.panHash,
      });
      return toAdminKycRequestDto(request, user, vault, held);
    }),
  );
  return { data, total };
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { approvedPanOf, approvedPansOf, latestRejectionReason } from './repository.js';
