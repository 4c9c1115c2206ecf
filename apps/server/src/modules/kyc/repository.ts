import type { KycRequestStatus } from '@exchange/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';
import type { KycRequestsTable } from '../../db/schema-identity.js';

export type KycRequestRow = Selectable<KycRequestsTable>;

export function insertKycRequest(db: Db, row: Insertable<KycRequestsTable>) {
  return db.insertInto('kyc_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Locks the row: two admins deciding at once see one decision, not two. */
export function findKycRequestForUpdate(db: Db, id: string): Promise<KycRequestRow | undefined> {
  return db
    .selectFrom('kyc_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateKycRequest(db: Db, id: string, changes: Updateable<KycRequestsTable>) {
  await db.updateTable('kyc_requests').set(changes).where('id', '=', id).execute();
}

/** Which of these documents another user's live (pending or approved) request already holds. */
export async function documentsHeldByOthers(
  db: Db,
  userId: string,
  hashes: { aadhaar: string; pan: string },
): Promise<{ aadhaar: boolean; pan: boolean }> {
  const rows = await db
    .selectFrom('kyc_requests')
    .select(['aadhaar_hash', 'pan_hash'])
    .where('status', '<>', 'rejected')
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

/** Oldest first: the queue an admin works through. */
export function listKycRequests(db: Db, page: Page, status?: KycRequestStatus) {
  let query = db
    .selectFrom('kyc_requests')
    .innerJoin('users', 'users.id', 'kyc_requests.user_id')
    .selectAll('kyc_requests')
    .select(['users.email', 'users.first_name', 'users.last_name']);
  if (status) query = query.where('kyc_requests.status', '=', status);
  return paginate(query.orderBy('kyc_requests.created_at').orderBy('kyc_requests.id'), page);
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
