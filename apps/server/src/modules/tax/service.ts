import {
  INR,
  istDateTime,
  TAX_QUARTERS,
  taxPeriodBounds,
  taxPeriodOf,
  type TaxQuarter,
  type TdsRate,
  type TdsStatement,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { toCsv } from '../../lib/csv.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { identityVault, maskPan } from '../../lib/identity-vault.js';
import { findUserById } from '../users/service.js';
import {
  percent,
  rupees,
  sumTotals,
  toDeductionDto,
  toTotalDto,
  units,
  type Names,
} from './dto.js';
import { approvedPanOf, approvedPansOf } from '../kyc/service.js';
import {
  periodDeductions,
  userDeductionPage,
  userDeductions,
  userDeductionSpan,
  userTotals,
} from './repository.js';

/** Pairs and coins by the core's listing; an unlisted one keeps its id. */
function names(ctx: AppContext): Names {
  return {
    symbol: (id) => ctx.core.state.trading.pairsById.get(id)?.symbol ?? id,
    token: (id) => ctx.core.tokens.find(id)?.shortName ?? id,
  };
}

export async function listDeductions(
  ctx: AppContext,
  userId: string,
  page: Page,
  financialYear?: string,
) {
  const bounds = financialYear === undefined ? undefined : taxPeriodBounds(financialYear);
  const { rows, total } = await userDeductionPage(ctx.db, userId, page, bounds);
  const n = names(ctx);
  return { data: rows.map((r) => toDeductionDto(r, n)), total };
}

export const DEDUCTION_COLUMNS = [
  'Date (IST)',
  'Financial year',
  'Quarter',
  'Symbol',
  'Trade',
  'Order',
  'Side',
  'Coin',
  'Received after fee',
  'TDS',
  'Rate (%)',
  'Price (USDT)',
  'USDT/INR',
  'Received (INR)',
  'TDS (INR)',
] as const;

/** The user's deductions in a financial year as CSV, oldest first. */
export async function deductionsCsv(
  ctx: AppContext,
  userId: string,
  financialYear: string,
): Promise<string> {
  const rows = await userDeductions(ctx.db, userId, taxPeriodBounds(financialYear));
  const n = names(ctx);
  return toCsv(
    DEDUCTION_COLUMNS,
    rows.map((row) => {
      const d = toDeductionDto(row, n);
      return [
        istDateTime(row.created_at),
        d.financial_year,
        `Q${d.quarter}`,
        d.symbol,
        d.trade_id,
        d.order_id,
        d.side,
        d.token,
        d.received,
        d.tds,
        percent(row.rate),
        d.price_usdt,
        d.usdt_inr_rate,
        rupees(row.received_inr),
        rupees(row.tds_inr),
      ];
    }),
  );
}

/** Financial years from the first deduction's to the current one, newest first. */
export function yearsSince(first: Date | null, now: Date): string[] {
  const current = taxPeriodOf(now).financialYear;
  const from = Number(taxPeriodOf(first ?? now).financialYear.slice(0, 4));
  const years: string[] = [];
  for (let y = Number(current.slice(0, 4)); y >= from; y--)
    years.push(`${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  return years;
}

/** A financial year's statement: totals per quarter and for the year, name and masked PAN. */
export async function statement(
  ctx: AppContext,
  userId: string,
  financialYear?: string,
): Promise<TdsStatement> {
  const year = financialYear ?? taxPeriodOf(ctx.now()).financialYear;
  const bounds = taxPeriodBounds(year);
  const starts = ([2, 3, 4] as const).map((q) => taxPeriodBounds(year, q).start) as [
    Date,
    Date,
    Date,
  ];
  const [user, rows, span, panCiphertext] = await Promise.all([
    findUserById(ctx.db, userId),
    userTotals(ctx.db, userId, bounds, starts, ctx.core.tokens.bySymbol(INR)?.id ?? null),
    userDeductionSpan(ctx.db, userId),
    approvedPanOf(ctx.db, userId),
  ]);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const vault = panCiphertext === null ? null : await identityVault(ctx.config);
  const n = names(ctx);
  const inr = (totals: readonly { tds_inr: string }[]) =>
    totals.reduce((sum, t) => sum + BigInt(t.tds_inr), 0n);
  const yearTotals = sumTotals(rows);
  return {
    financial_year: year,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    pan_masked: vault && panCiphertext ? maskPan(vault.decryptPan(panCiphertext, userId)) : null,
    quarters: TAX_QUARTERS.map((quarter) => {
      const totals = sumTotals(rows.filter((r) => r.quarter === quarter));
      return {
        quarter,
        totals: totals.map((t) => toTotalDto(t, n)),
        tds_inr: rupees(inr(totals)),
      };
    }),
    totals: yearTotals.map((t) => toTotalDto(t, n)),
    tds_inr: rupees(inr(yearTotals)),
    financial_years: yearsSince(span.first, ctx.now()),
  };
}

export const FORM_26QF_COLUMNS = [
  'Line',
  'Deductee',
  'Email',
  'PAN',
  'Section',
  'Date of payment (IST)',
  'Amount paid (INR)',
  'TDS (INR)',
  'Rate (%)',
  'Higher rate reason',
  'Coin',
  'Amount paid (coin)',
  'TDS (coin)',
  'USDT/INR',
  'Symbol',
  'Trade',
  'Side',
  'Order',
] as const;

/**
 * The lines of the quarter's TDS return (Form 26QF), one per deduction, as CSV. The PANs are
 * decrypted for this report only, and the access is recorded in the admin audit trail.
 */
export async function form26qfCsv(
  ctx: AppContext,
  admin: AdminActor,
  financialYear: string,
  quarter: TaxQuarter,
): Promise<string> {
  const [rows, vault] = await Promise.all([
    periodDeductions(ctx.db, taxPeriodBounds(financialYear, quarter)),
    identityVault(ctx.config),
  ]);
  const pans = await approvedPansOf(
    ctx.db,
    rows.map((r) => r.user_id),
  );
  await recordAdminAction(ctx.db, {
    ...admin,
    action: 'tax.form_26qf_exported',
    targetType: 'tax',
    targetId: `${financialYear}-Q${quarter}`,
    userId: null,
    before: null,
    after: { financial_year: financialYear, quarter, lines: rows.length, pans_decrypted: true },
    createdAt: ctx.now(),
  });
  const n = names(ctx);
  return toCsv(
    FORM_26QF_COLUMNS,
    rows.map((r, i) => {
      const ciphertext = pans.get(r.user_id);
      const pan = ciphertext === undefined ? null : vault.decryptPan(ciphertext, r.user_id);
      return [
        i + 1,
        `${r.first_name} ${r.last_name}`.trim(),
        r.email,
        // The placeholder the return takes for a deductee without a PAN.
        pan ?? 'PANNOTAVBL',
        '194S',
        istDateTime(r.created_at),
        rupees(r.received_inr),
        rupees(r.tds_inr),
        percent(r.rate),
        pan === null && r.rate !== '0' ? '206AA: no PAN' : '',
        n.token(r.token_id),
        units(r.received),
        units(r.amount),
        units(r.usdt_inr_rate),
        n.symbol(r.pair_id),
        String(r.trade_id),
        r.side,
        String(r.order_id),
      ];
    }),
  );
}

/**
 * The TDS the user's next sale is charged at (the core's settings and what it counted this
 * financial year), so a preview shows the tax the order will pay: 1% with a PAN on record, the
 * higher rate without one, nothing while under a threshold.
 */
export function tdsRate(ctx: AppContext, userId: string): TdsRate {
  const tax = ctx.core.state.tax;
  const year = taxPeriodOf(ctx.now()).financialYear;
  return {
    rate: formatAmount(tax.rateFor(userId)),
    pan_on_record: tax.panOnRecord.has(userId),
    threshold_inr: formatAmount(tax.settings.thresholdInr),
    received_inr: formatAmount(tax.receivedIn(year, userId)),
  };
}

export { usdtInrRateHistory } from './repository.js';
