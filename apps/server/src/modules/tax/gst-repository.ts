import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { StateTimeline } from './gst-rules.js';

/**
 * The sides of fills whose fee carried GST in [start, end), of one user or of everyone: the
 * side's GST (kept with its TDS deduction), its fee (the maker's or the taker's of the fill), and
 * the fill's price in USDT and USDT/INR rate, to value both in rupees.
 */
export function gstFeeRows(db: Db, bounds: { start: Date; end: Date }, userId?: string) {
  let query = db
    .selectFrom('tds_deductions as d')
    .innerJoin('trades as t', (join) =>
      join.onRef('t.pair_id', '=', 'd.pair_id').onRef('t.id', '=', 'd.trade_id'),
    )
    .select([
      'd.user_id',
      'd.created_at',
      'd.token_id',
      'd.gst',
      'd.price_usdt',
      'd.usdt_inr_rate',
      sql<string>`case when t.maker_order_id = d.order_id then t.maker_fee else t.taker_fee end`.as(
        'fee',
      ),
    ])
    .where('d.gst', '>', '0')
    .where('d.created_at', '>=', bounds.start)
    .where('d.created_at', '<', bounds.end);
  if (userId !== undefined) query = query.where('d.user_id', '=', userId);
  return query.orderBy('d.created_at').execute();
}

export type GstFeeRecord = Awaited<ReturnType<typeof gstFeeRows>>[number];

/** The IST months ("2027-05") in which the user paid GST, newest first. */
export async function gstMonthsOf(db: Db, userId: string): Promise<string[]> {
  const month = sql<string>`to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  const rows = await db
    .selectFrom('tds_deductions')
    .select(month.as('month'))
    .distinct()
    .where('user_id', '=', userId)
    .where('gst', '>', '0')
    .orderBy('month', 'desc')
    .execute();
  return rows.map((r) => r.month);
}

/** Each user's state changes, oldest first. */
export async function stateTimelines(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, StateTimeline>> {
  const timelines = new Map<string, { stateCode: string; since: Date }[]>();
  if (userIds.length === 0) return timelines;
  const rows = await db
    .selectFrom('user_gst_states')
    .select(['user_id', 'state_code', 'created_at'])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .execute();
  for (const r of rows) {
    const list = timelines.get(r.user_id) ?? [];
    list.push({ stateCode: r.state_code, since: r.created_at });
    timelines.set(r.user_id, list);
  }
  return timelines;
}

/** The user's state changes, newest first (the audit trail the profile shows). */
export function stateChanges(db: Db, userId: string) {
  return db
    .selectFrom('user_gst_states')
    .select(['state_code', 'source', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertStateChange(
  db: Db,
  change: { userId: string; stateCode: string; source: 'kyc' | 'user'; reason: string | null },
  now: Date,
): Promise<void> {
  await db
    .insertInto('user_gst_states')
    .values({
      user_id: change.userId,
      state_code: change.stateCode,
      source: change.source,
      reason: change.reason,
      created_at: now,
    })
    .execute();
}

const findInvoice = (db: Db, userId: string, month: string) =>
  db
    .selectFrom('gst_invoices')
    .select(['financial_year', 'number', 'created_at'])
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();

/**
 * The user's invoice of `month`: found, or numbered now with the next number of its financial
 * year's series. The series row is locked by its update until the invoice is written in the same
 * transaction; a second request for the same invoice fails on (user, month), rolling back its
 * number, and reads the first's. So numbers have no gaps and none is used twice.
 */
export async function allotInvoice(
  db: Db,
  invoice: { userId: string; month: string; financialYear: string },
  now: Date,
): Promise<{ number: number; created_at: Date }> {
  const found = await findInvoice(db, invoice.userId, invoice.month);
  if (found) return found;
  try {
    return await db.transaction().execute(async (trx) => {
      const { last_number } = await trx
        .insertInto('gst_invoice_series')
        .values({ financial_year: invoice.financialYear, last_number: 1 })
        .onConflict((oc) =>
          oc
            .column('financial_year')
            .doUpdateSet({ last_number: sql`gst_invoice_series.last_number + 1` }),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('gst_invoices')
        .values({
          financial_year: invoice.financialYear,
          number: last_number,
          user_id: invoice.userId,
          month: invoice.month,
          created_at: now,
        })
        .execute();
      return { number: last_number, created_at: now };
    });
  } catch (err) {
    if ((err as { code?: unknown }).code !== '23505') throw err;
    const first = await findInvoice(db, invoice.userId, invoice.month);
    if (!first) throw err;
    return first;
  }
}
