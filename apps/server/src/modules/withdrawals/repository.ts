import { sql } from 'kysely';
import type { WithdrawalStatus } from '@exchange/contracts';
import { withdrawalFromRow } from '../../core/record-rows.js';
import type { WithdrawalRecord } from '../../core/records.js';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';
import type { QueueSearch } from '../reviews/queue-search.js';
import { STOOD_BEHIND } from './email-confirmation.js';

/** The user's withdrawals, the last changed first: the order of the time History shows (updated_at). */
export async function userWithdrawalPage(
  db: Db,
  userId: string,
  page: Page,
  status?: WithdrawalStatus,
): Promise<{ records: WithdrawalRecord[]; total: number }> {
  let query = db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  const { rows, total } = await paginate(query.orderBy('updated_at', 'desc').orderBy('id'), page);
  return { records: rows.map(withdrawalFromRow), total };
}

/**
 * Every user's withdrawals with the requester's email, oldest first: the admins' queue, by status
 * and search (email in part, or the whole transaction hash or payout address).
 */
export async function withdrawalQueuePage(
  db: Db,
  page: Page,
  filter: { status?: WithdrawalStatus; search: QueueSearch | null },
) {
  let query = db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .selectAll('withdrawals')
    .select('users.email');
  if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
  const search = filter.search;
  if (search?.kind === 'hash') query = query.where('withdrawals.tx_hash', '=', search.value);
  if (search?.kind === 'address') query = query.where('withdrawals.address', '=', search.value);
  if (search?.kind === 'text') query = query.where('users.email', 'ilike', search.pattern);
  const ordered = query.orderBy('withdrawals.created_at').orderBy('withdrawals.id');
  const { rows, total } = await paginate(ordered, page);
  const entries = rows.map((row) => ({
    record: withdrawalFromRow(row),
    user: { id: row.user_id, email: row.email },
  }));
  return { entries, total };
}

/** What a user asked to withdraw of a token since `since`, refused requests aside (ledger units). */
export async function withdrawnSince(
  db: Db,
  userId: string,
  tokenId: string,
  since: Date,
): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * The USDT value (ledger units) of what a user asked to withdraw on chain since `since`, refused
 * and cancelled requests aside: the daily limit's use. Rupees have their own limit.
 */
export async function valueWithdrawnSince(db: Db, userId: string, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('value_usdt'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('network', '<>', 'bank')
    .where('status', 'not in', ['rejected', 'cancelled'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** A withdrawal by id (any status), or undefined. */
export async function findWithdrawal(db: Db, id: string): Promise<WithdrawalRecord | undefined> {
  const row = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && withdrawalFromRow(row);
}

export async function insertCancelLink(
  db: Db,
  link: { tokenHash: string; withdrawalId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('withdrawal_cancel_links')
    .values({
      token_hash: link.tokenHash,
      withdrawal_id: link.withdrawalId,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The withdrawal a live (unused, unexpired) cancel link names; undefined otherwise. */
export async function liveCancelLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('withdrawal_cancel_links')
    .select('withdrawal_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.withdrawal_id;
}

/**
 * Spends a live cancel link: of two uses at once only one gets the withdrawal's id, the other
 * (and every later one) undefined.
 */
export async function spendCancelLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('withdrawal_cancel_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('withdrawal_id')
    .executeTakeFirst();
  return row?.withdrawal_id;
}

/**
 * True when the user withdrew on `network` to `address` before with a withdrawal that went to
 * review or was paid (email-confirmation.ts STOOD_BEHIND); addresses are kept lower-case.
 */
export async function hasWithdrawnTo(
  db: Db,
  userId: string,
  network: string,
  address: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('network', '=', network as WithdrawalRecord['network'])
    .where('address', '=', address.toLowerCase())
    .where('status', 'in', [...STOOD_BEHIND])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertConfirmLink(
  db: Db,
  link: { tokenHash: string; withdrawalId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('withdrawal_confirm_links')
    .values({
      token_hash: link.tokenHash,
      withdrawal_id: link.withdrawalId,
      user_id: link.userId,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The withdrawal and user a live (unused, unexpired) confirm link names; undefined otherwise. */
export async function liveConfirmLink(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('withdrawal_confirm_links')
    .select(['withdrawal_id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Spends a live confirm link: of two uses at once only one gets the withdrawal and its user, the
 * other (and every later one) undefined.
 */
export async function spendConfirmLink(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('withdrawal_confirm_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['withdrawal_id', 'user_id'])
    .executeTakeFirst();
}

/** Every account's paid-out withdrawals to `address` (case-insensitive): who sends coins there. */
export function withdrawalsTo(db: Db, address: string) {
  return db
    .selectFrom('withdrawals')
    .select(['user_id as userId'])
    .where(sql`lower(address)`, '=', address.toLowerCase())
    .where('status', '=', 'approved')
    .execute();
}
