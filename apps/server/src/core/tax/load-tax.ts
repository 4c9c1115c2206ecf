import { taxPeriodBounds, taxPeriodOf } from '@exchange/contracts';
import type { TdsConfig } from '../../config/env.js';
import type { Db } from '../../db/connect.js';
import { parseAmount } from '../money.js';
import { tdsSettings, type TaxState, type TdsSettings, type UsdtInrRate } from './tax-state.js';

/** What the tax state is rebuilt from, read before any of the live state is touched. */
export async function readTax(db: Db, config: TdsConfig, now: Date) {
  const settings = tdsSettings(config);
  const [pans, rate, received] = await Promise.all([
    // A PAN on record: identity verification approved (every request carries a PAN).
    db
      .selectFrom('kyc_requests')
      .select('user_id')
      .where('status', '=', 'approved')
      .distinct()
      .execute(),
    currentUsdtInrRate(db, config, now),
    settings.thresholdInr > 0n ? receivedThisYear(db, now) : Promise.resolve([]),
  ]);
  return { config, settings, pans: pans.map((p) => p.user_id), rate, received, now };
}

/**
 * The newest USDT/INR rate; on a database that has none, `USDT_INR_RATE` is stored as the first
 * (set by nobody), so every deduction's rate is in the history.
 */
async function currentUsdtInrRate(db: Db, config: TdsConfig, now: Date): Promise<UsdtInrRate> {
  const row = await db
    .selectFrom('usdt_inr_rates')
    .select(['rate', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return { rate: BigInt(row.rate), since: row.created_at };
  const rate = parseAmount(config.usdtInrRate);
  if (rate === null || rate === 0n) throw new Error('USDT_INR_RATE must be above 0');
  await db
    .insertInto('usdt_inr_rates')
    .values({ rate: rate.toString(), set_by: null, created_at: now })
    .execute();
  return { rate, since: now };
}

/** What each user received this financial year, in INR units: the exemption threshold's base. */
async function receivedThisYear(db: Db, now: Date) {
  const { start } = taxPeriodBounds(taxPeriodOf(now).financialYear);
  return db
    .selectFrom('tds_deductions')
    .select((eb) => ['user_id', eb.fn.sum<string>('received_inr').as('total')])
    .where('created_at', '>=', start)
    .groupBy('user_id')
    .execute();
}

export function rebuildTax(tax: TaxState, rows: Awaited<ReturnType<typeof readTax>>): void {
  const settings: TdsSettings = rows.settings;
  tax.reset();
  tax.config = rows.config;
  tax.settings = settings;
  tax.usdtInr = rows.rate;
  for (const userId of rows.pans) tax.panOnRecord.add(userId);
  const year = taxPeriodOf(rows.now).financialYear;
  for (const r of rows.received) tax.receivedInr.set(`${year} ${r.user_id}`, BigInt(r.total));
}
