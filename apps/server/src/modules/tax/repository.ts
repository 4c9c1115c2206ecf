import { sql, type Selectable } from 'kysely';
import { PAISA } from '../../core/paise.js';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';
import type { TdsDeductionsTable } from '../../db/schema-trading.js';

/** [start, end) of a financial year or quarter, as UTC instants. */
export interface Bounds {
  start: Date;
  end: Date;
}

export type DeductionRow = Selectable<TdsDeductionsTable>;

const newestFirst = (q: ReturnType<typeof deductionsOf>) =>
  q.orderBy('created_at', 'desc').orderBy('trade_id', 'desc').orderBy('side');

function deductionsOf(db: Db, userId: string, bounds?: Bounds) {
  let query = db.selectFrom('tds_deductions').selectAll().where('user_id', '=', userId);
  if (bounds)
    query = query.where('created_at', '>=', bounds.start).where('created_at', '<', bounds.end);
  return query;
}

/** A page of the user's deductions, newest first, optionally within one financial year. */
export async function userDeductionPage(db: Db, userId: string, page: Page, bounds?: Bounds) {
  return paginate(newestFirst(deductionsOf(db, userId, bounds)), page);
}

/** Every deduction of the user in the period, oldest first (the CSV download). */
export async function userDeductions(db: Db, userId: string, bounds: Bounds) {
  return deductionsOf(db, userId, bounds)
    .orderBy('created_at')
    .orderBy('trade_id')
    .orderBy('side')
    .execute();
}

export interface TotalRow {
  token_id: string;
  quarter: number;
  received: string;
  tds: string;
  received_inr: string;
  tds_inr: string;
  deductions: number;
}

const P = sql.lit(PAISA.toString());
/** Rupees summed as the lines show them, each to the paisa (rounded down): the total is their sum. */
const sumOfPaise = (column: 'received_inr' | 'tds_inr' | 'received' | 'amount') =>
  sql<string>`sum(${sql.ref(column)} - mod(${sql.ref(column)}, ${P}::numeric))`;
/** A coin's amounts summed; the rupee's (`inrId`) as its lines show them, to the paisa. */
const sumOfLines = (column: 'received' | 'amount', inrId: string | null) =>
  sql<string>`case when token_id = ${inrId}
    then ${sumOfPaise(column)} else sum(${sql.ref(column)}) end`;

/**
 * The user's deductions in a financial year summed per coin and quarter (rupees as the lines
 * show them: the lines add up to the totals); `quarterStarts` are the
 * starts of Q2, Q3 and Q4, so the database needs no time zone.
 */
export async function userTotals(
  db: Db,
  userId: string,
  year: Bounds,
  quarterStarts: [Date, Date, Date],
  /** The rupee's token id (null: not listed). */
  inrId: string | null,
): Promise<TotalRow[]> {
  const [q2, q3, q4] = quarterStarts;
  const quarter = sql<number>`case when created_at < ${q2} then 1 when created_at < ${q3} then 2 when created_at < ${q4} then 3 else 4 end`;
  const rows = await db
    .selectFrom('tds_deductions')
    .select((eb) => [
      'token_id',
      quarter.as('quarter'),
      sumOfLines('received', inrId).as('received'),
      sumOfLines('amount', inrId).as('tds'),
      sumOfPaise('received_inr').as('received_inr'),
      sumOfPaise('tds_inr').as('tds_inr'),
      eb.fn.countAll<string>().as('deductions'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', year.start)
    .where('created_at', '<', year.end)
    .groupBy(['token_id', sql`2`])
    .execute();
  return rows.map((r) => ({
    ...r,
    quarter: Number(r.quarter),
    received: String(r.received),
    tds: String(r.tds),
    received_inr: String(r.received_inr),
    tds_inr: String(r.tds_inr),
    deductions: Number(r.deductions),
  }));
}

/** When the user's first and last deductions were made, or nulls. */
export async function userDeductionSpan(db: Db, userId: string) {
  const row = await db
    .selectFrom('tds_deductions')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { first: date(row?.first), last: date(row?.last) };
}

/**
 * Every deduction in a period with its deductee (name, email), oldest first: the 26QF lines
 * (their PANs come from kyc's `approvedPansOf`).
 */
export async function periodDeductions(db: Db, bounds: Bounds) {
  return db
    .selectFrom('tds_deductions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.pair_id',
      'd.trade_id',
      'd.side',
      'd.user_id',
      'd.order_id',
      'd.token_id',
      'd.received',
      'd.amount',
      'd.rate',
      'd.price_usdt',
      'd.usdt_inr_rate',
      'd.received_inr',
      'd.tds_inr',
      'd.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('d.created_at', '>=', bounds.start)
    .where('d.created_at', '<', bounds.end)
    .orderBy('d.created_at')
    .orderBy('d.pair_id')
    .orderBy('d.trade_id')
    .orderBy('d.side')
    .execute();
}

export async function insertUsdtInrRate(
  db: Db,
  rate: bigint,
  setBy: string,
  now: Date,
  approvedBy: string | null = null,
): Promise<void> {
  await db
    .insertInto('usdt_inr_rates')
    .values({ rate: rate.toString(), set_by: setBy, approved_by: approvedBy, created_at: now })
    .execute();
}

/** The USDT/INR rates, newest first (the first is in force), with the setter's and approver's email. */
export async function usdtInrRatePage(db: Db, page: Page) {
  const query = db
    .selectFrom('usdt_inr_rates as r')
    .leftJoin('users as u', 'u.id', 'r.set_by')
    .leftJoin('users as a', 'a.id', 'r.approved_by')
    .select(['r.rate', 'r.created_at', 'u.email', 'a.email as approver'])
    .orderBy('r.created_at', 'desc');
  return paginate(query, page);
}

/** A new proposal replaces any pending one (which becomes `superseded`); its id. */
export async function insertRateProposal(
  db: Db,
  rate: bigint,
  proposedBy: string,
  now: Date,
): Promise<string> {
  await db
    .updateTable('usdt_inr_rate_proposals')
    .set({ status: 'superseded', decided_by: proposedBy, decided_at: now })
    .where('status', '=', 'pending')
    .execute();
  const row = await db
    .insertInto('usdt_inr_rate_proposals')
    .values({ rate: rate.toString(), proposed_by: proposedBy, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The proposal waiting for a second admin, with its proposer's email; undefined: none. */
export function pendingRateProposal(db: Db) {
  return db
    .selectFrom('usdt_inr_rate_proposals as p')
    .leftJoin('users as u', 'u.id', 'p.proposed_by')
    .select(['p.id', 'p.rate', 'p.proposed_by', 'p.created_at', 'u.email'])
    .where('p.status', '=', 'pending')
    .orderBy('p.created_at', 'desc')
    .executeTakeFirst();
}

/** Closes the pending proposal `id` (once: a second call finds none); the row, or undefined. */
export function decideRateProposal(
  db: Db,
  id: string,
  status: 'approved' | 'declined',
  by: string,
  now: Date,
) {
  return db
    .updateTable('usdt_inr_rate_proposals')
    .set({ status, decided_by: by, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'rate', 'proposed_by', 'created_at'])
    .executeTakeFirst();
}

/** Every USDT/INR rate set, oldest first: the one in force at an instant is the last by then. */
export function usdtInrRateHistory(db: Db) {
  return db
    .selectFrom('usdt_inr_rates')
    .select(['rate', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
