import type { KycRequestStatus } from '@exchange/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';
import type { KycRequestsTable } from '../../db/schema-identity.js';
import type { QueueSearch } from '../reviews/queue-search.js';

/**
 * An identity verification request. The Aadhaar number is never kept: its last four digits and
 * a keyed hash only. The PAN is kept encrypted, with a keyed hash for uniqueness.
 */
export interface KycRequest {
  id: string;
  userId: string;
  status: KycRequestStatus;
  aadhaarLast4: string;
  aadhaarHash: string;
  panHash: string;
  panCiphertext: string;
  /** Stored file ids of the Aadhaar front and back and the PAN card. */
  aadhaarImage1: string;
  aadhaarImage2: string;
  panImage: string;
  rejectionReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export type NewKycRequest = Omit<
  KycRequest,
  'id' | 'status' | 'rejectionReason' | 'reviewedBy' | 'reviewedAt' | 'createdAt'
>;

function kycRequestFromRow(row: Selectable<KycRequestsTable>): KycRequest {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    aadhaarLast4: row.aadhaar_last4,
    aadhaarHash: row.aadhaar_hash,
    panHash: row.pan_hash,
    panCiphertext: row.pan_ciphertext,
    aadhaarImage1: row.aadhaar_image_1,
    aadhaarImage2: row.aadhaar_image_2,
    panImage: row.pan_image,
    rejectionReason: row.rejection_reason,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    createdAt: row.created_at,
  };
}

/** Files a pending request. */
export async function insertKycRequest(
  db: Db,
  request: NewKycRequest,
  now: Date,
): Promise<KycRequest> {
  const row = await db
    .insertInto('kyc_requests')
    .values({
      user_id: request.userId,
      status: 'pending',
      aadhaar_last4: request.aadhaarLast4,
      aadhaar_hash: request.aadhaarHash,
      pan_hash: request.panHash,
      pan_ciphertext: request.panCiphertext,
      aadhaar_image_1: request.aadhaarImage1,
      aadhaar_image_2: request.aadhaarImage2,
      pan_image: request.panImage,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return kycRequestFromRow(row);
}

/** Locks the row: two admins deciding at once see one decision, not two. */
export async function findKycRequestForUpdate(db: Db, id: string): Promise<KycRequest | undefined> {
  const row = await db
    .selectFrom('kyc_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && kycRequestFromRow(row);
}

/** Records a decision on a request: an admin's, or none for the demo market's own accounts. */
export async function recordKycDecision(
  db: Db,
  id: string,
  decision: { status: KycRequestStatus; rejectionReason: string | null; reviewedBy: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('kyc_requests')
    .set({
      status: decision.status,
      rejection_reason: decision.rejectionReason,
      reviewed_by: decision.reviewedBy,
      reviewed_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Whether the user ever filed a request, whatever became of it. */
export async function hasKycRequest(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_requests')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The PAN ciphertext of the user's approved identity verification, if any. */
export async function approvedPanOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('kyc_requests')
    .select('pan_ciphertext')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.pan_ciphertext ?? null;
}

/** The PAN ciphertexts of these users' approved identity verifications (the newest each). */
export async function approvedPansOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('kyc_requests')
    .distinctOn('user_id')
    .select(['user_id', 'pan_ciphertext'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('status', '=', 'approved')
    .orderBy('user_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.pan_ciphertext]));
}

/** Which of these documents another user's live (pending or approved) request holds, or with `approvedOnly` an approved one. */
export async function documentsHeldByOthers(
  db: Db,
  userId: string,
  hashes: { aadhaar: string; pan: string; approvedOnly?: boolean },
): Promise<{ aadhaar: boolean; pan: boolean }> {
  const rows = await db
    .selectFrom('kyc_requests')
    .select(['aadhaar_hash', 'pan_hash'])
    .where(
      'status',
      hashes.approvedOnly ? '=' : '<>',
      hashes.approvedOnly ? 'approved' : 'rejected',
    )
    .where('user_id', '<>', userId)
    .where((eb) =>
      eb.or([eb('aadhaar_hash', '=', hashes.aadhaar), eb('pan_hash', '=', hashes.pan)]),
    )
    .execute();
  return {
    aadhaar: rows.some((r) => r.aadhaar_hash === hashes.aadhaar),
    pan: rows.some((r) => r.pan_hash === hashes.pan),
  };
}

export async function latestRejectionReason(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('kyc_requests')
    .select('rejection_reason')
    .where('user_id', '=', userId)
    .where('status', '=', 'rejected')
    .orderBy('reviewed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rejection_reason ?? null;
}

/** Oldest first, with who asked: the queue an admin works through, by status and search. */
export async function listKycRequests(
  db: Db,
  page: Page,
  filter: { status?: KycRequestStatus; search: QueueSearch | null },
) {
  let query = db
    .selectFrom('kyc_requests')
    .innerJoin('users', 'users.id', 'kyc_requests.user_id')
    .selectAll('kyc_requests')
    .select(['users.email', 'users.first_name', 'users.last_name']);
  if (filter.status) query = query.where('kyc_requests.status', '=', filter.status);
  const search = filter.search;
  // Identity requests carry no hash or address: any search text is part of an email or name.
  if (search) {
    const pattern = search.kind === 'text' ? search.pattern : `%${search.value}%`;
    query = query.where((eb) =>
      eb.or([
        eb('users.email', 'ilike', pattern),
        eb(
          eb.fn('concat_ws', [sql.lit(' '), 'users.first_name', 'users.last_name']),
          'ilike',
          pattern,
        ),
      ]),
    );
  }
  const order = query.orderBy('kyc_requests.created_at').orderBy('kyc_requests.id');
  const { rows, total } = await paginate(order, page);
  const entries = rows.map((row) => ({
    request: kycRequestFromRow(row),
    user: { email: row.email, firstName: row.first_name, lastName: row.last_name },
  }));
  return { entries, total };
}

/** Locks the user: a double-clicked submit files one request, the second sees it pending. */
export async function lockUserVerificationStatus(db: Db, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('verification_request_status')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.verification_request_status;
}
