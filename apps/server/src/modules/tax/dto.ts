import { INR, taxPeriodOf, type TdsDeduction, type TdsTotal } from '@exchange/contracts';
import { formatAmount, ledgerOne } from '../../core/money.js';
import { rupeeValue } from '../../core/paise.js';
import type { DeductionRow, TotalRow } from './repository.js';

/** How a deduction's pair and coin are named: the core's listed pairs and tokens. */
export interface Names {
  symbol(pairId: string): string;
  token(tokenId: string): string;
}

/** Units (1e-18) as an exact decimal string. */
export const units = (v: string) => formatAmount(BigInt(v));

/** Rupee units to the paisa, rounded down (a line from before the paisa rule may be finer). */
const paise = (v: string) => formatAmount(rupeeValue(BigInt(v)));

/** A deduction as its line shows: rupee amounts to the paisa, the totals' parts. */
export function toDeductionDto(row: DeductionRow, names: Names): TdsDeduction {
  const { financialYear, quarter } = taxPeriodOf(row.created_at);
  const token = names.token(row.token_id);
  const coin = token === INR ? paise : units;
  return {
    symbol: names.symbol(row.pair_id),
    trade_id: String(row.trade_id),
    order_id: String(row.order_id),
    side: row.side,
    token,
    received: coin(row.received),
    tds: coin(row.amount),
    rate: units(row.rate),
    price_usdt: units(row.price_usdt),
    usdt_inr_rate: units(row.usdt_inr_rate),
    received_inr: paise(row.received_inr),
    tds_inr: paise(row.tds_inr),
    financial_year: financialYear,
    quarter,
    created_at: row.created_at.toISOString(),
  };
}

export function toTotalDto(row: Omit<TotalRow, 'quarter'>, names: Names): TdsTotal {
  return {
    token: names.token(row.token_id),
    received: units(row.received),
    tds: units(row.tds),
    received_inr: units(row.received_inr),
    tds_inr: units(row.tds_inr),
    deductions: row.deductions,
  };
}

/** Per coin over several rows (the quarters of a year). */
export function sumTotals(rows: readonly TotalRow[]): Omit<TotalRow, 'quarter'>[] {
  const byToken = new Map<string, Omit<TotalRow, 'quarter'>>();
  const add = (a: string, b: string) => (BigInt(a) + BigInt(b)).toString();
  for (const r of rows) {
    const t = byToken.get(r.token_id);
    byToken.set(
      r.token_id,
      t
        ? {
            token_id: r.token_id,
            received: add(t.received, r.received),
            tds: add(t.tds, r.tds),
            received_inr: add(t.received_inr, r.received_inr),
            tds_inr: add(t.tds_inr, r.tds_inr),
            deductions: t.deductions + r.deductions,
          }
        : { ...r },
    );
  }
  return [...byToken.values()];
}

/** INR units as rupees and paise, rounded down to the paisa: how the CSVs show INR. */
export function rupees(inrUnits: string | bigint): string {
  const paise = (BigInt(inrUnits) * 100n) / ledgerOne;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

/** A rate fraction as a percentage: 10^16 units is "1". */
export const percent = (rate: string) => formatAmount(BigInt(rate) * 100n);
