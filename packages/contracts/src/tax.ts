import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import { TRADE_TYPES } from './order-constants.js';

/**
 * India's tax periods (TDS under section 194S): the financial year runs from 1 April to
 * 31 March in India Standard Time (UTC+05:30, no daylight saving), named "2026-27"; its
 * quarters are April-June (Q1), July-September (Q2), October-December (Q3), January-March (Q4).
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const TAX_QUARTERS = [1, 2, 3, 4] as const;
export type TaxQuarter = (typeof TAX_QUARTERS)[number];

export interface TaxPeriod {
  /** e.g. "2026-27". */
  financialYear: string;
  quarter: TaxQuarter;
}

const fyName = (startYear: number) =>
  `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The financial year and quarter an instant falls in, in IST. */
export function taxPeriodOf(at: Date): TaxPeriod {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const month = ist.getUTCMonth(); // 0 = January
  const startYear = month >= 3 ? year : year - 1;
  const quarter = (month >= 3 ? Math.floor((month - 3) / 3) + 1 : 4) as TaxQuarter;
  return { financialYear: fyName(startYear), quarter };
}

/** The date and time in IST, as "2026-03-31 23:59:59". */
export function istDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The first year of a financial year's name ("2026-27" → 2026). */
const startYearOf = (financialYear: string) => Number(financialYear.slice(0, 4));

/** The UTC instant of midnight IST at the start of the given day. */
const istMidnight = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS);

/** [start, end) of a financial year, or of one of its quarters, as UTC instants. */
export function taxPeriodBounds(
  financialYear: string,
  quarter?: TaxQuarter,
): { start: Date; end: Date } {
  const year = startYearOf(financialYear);
  if (quarter === undefined) return { start: istMidnight(year, 3), end: istMidnight(year + 1, 3) };
  const firstMonth = 3 + (quarter - 1) * 3; // months past January of the start year
  return { start: istMidnight(year, firstMonth), end: istMidnight(year, firstMonth + 3) };
}

export const TAX_MESSAGES = {
  financialYear: 'Financial year must look like 2026-27',
  quarter: 'Quarter must be 1, 2, 3 or 4',
  rate: 'Rate must be a positive number of rupees with at most 6 decimal places',
  noPan: 'PAN not on record',
} as const;

export const financialYearSchema = z
  .string({ error: TAX_MESSAGES.financialYear })
  .regex(/^(\d{4})-(\d{2})$/, { error: TAX_MESSAGES.financialYear })
  .refine((fy) => (startYearOf(fy) + 1) % 100 === Number(fy.slice(5)), {
    error: TAX_MESSAGES.financialYear,
  });

export const taxQuarterSchema = z.coerce
  .number({ error: TAX_MESSAGES.quarter })
  .int({ error: TAX_MESSAGES.quarter })
  .min(1, { error: TAX_MESSAGES.quarter })
  .max(4, { error: TAX_MESSAGES.quarter });

/** One TDS deduction: one side of one fill. Amounts are exact decimal strings. */
export const tdsDeductionSchema = z.object({
  symbol: z.string(),
  trade_id: z.string(),
  order_id: z.string(),
  side: z.enum(TRADE_TYPES),
  /** The coin the side received, in which the tax was deducted. */
  token: z.string(),
  /** What the side received after the fee: the consideration the tax is on. */
  received: z.string(),
  /** The tax deducted, in `token`. */
  tds: z.string(),
  /** The rate in force, a fraction ("0.01" is 1%); "0" when the fill was under the exemption threshold. */
  rate: z.string(),
  /** The fill's price in USDT (1 for a USDT leg). */
  price_usdt: z.string(),
  /** The USDT/INR reference rate used. */
  usdt_inr_rate: z.string(),
  received_inr: z.string(),
  tds_inr: z.string(),
  financial_year: z.string(),
  quarter: z.number().int(),
  created_at: z.string(),
});
export type TdsDeduction = z.infer<typeof tdsDeductionSchema>;

export const tdsDeductionsQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  financial_year: financialYearSchema.optional(),
});

export const tdsCsvQuerySchema = z.object({ financial_year: financialYearSchema });

/** Per coin: what was received, the tax deducted, both in INR too, and how many deductions. */
export const tdsTotalSchema = z.object({
  token: z.string(),
  received: z.string(),
  tds: z.string(),
  received_inr: z.string(),
  tds_inr: z.string(),
  deductions: z.number().int(),
});
export type TdsTotal = z.infer<typeof tdsTotalSchema>;

/** A financial year's statement: per quarter and for the year, with the deductee's name and masked PAN. */
export const tdsStatementSchema = z.object({
  financial_year: z.string(),
  name: z.string(),
  email: z.string(),
  /** e.g. "XXXXXX234F"; null: no PAN on record (the higher rate applied). */
  pan_masked: z.string().nullable(),
  quarters: z.array(
    z.object({
      quarter: z.number().int(),
      totals: z.array(tdsTotalSchema),
      tds_inr: z.string(),
    }),
  ),
  totals: z.array(tdsTotalSchema),
  tds_inr: z.string(),
  /** Every financial year with deductions, newest first, for choosing another. */
  financial_years: z.array(z.string()),
});
export type TdsStatement = z.infer<typeof tdsStatementSchema>;

export const tdsStatementQuerySchema = z.object({ financial_year: financialYearSchema.optional() });

/** The TDS (section 194S) a user's next sale is charged at, for previews before an order. */
export const tdsRateSchema = z.object({
  rate: z.string().describe('A fraction: 0.01 is 1% (a PAN on record), 0.2 is 20% (none)'),
  pan_on_record: z.boolean(),
  threshold_inr: z
    .string()
    .describe('Rupees a user may receive in a financial year before TDS applies; 0: no threshold'),
  received_inr: z.string().describe('Rupees received this financial year, counted against it'),
});
export type TdsRate = z.infer<typeof tdsRateSchema>;

export const usdtInrRateSchema = z.object({
  rate: z.string(),
  set_by: z.string().nullable(),
  /** The second admin who approved it; null: one admin within the band of the market's price. */
  approved_by: z.string().nullable(),
  created_at: z.string(),
});
export type UsdtInrRate = z.infer<typeof usdtInrRateSchema>;

export const setUsdtInrRateSchema = z.object({
  rate: z
    .string({ error: TAX_MESSAGES.rate })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: TAX_MESSAGES.rate })
    .refine((r) => /[1-9]/.test(r), { error: TAX_MESSAGES.rate })
    .meta({ pattern: '^(?=.*[1-9])\\d{1,9}(\\.\\d{1,6})?$', description: 'Rupees above 0' }),
});

/** A USDT/INR rate one admin proposed: a different admin approves it before it is in force. */
export const usdtInrRateProposalSchema = z.object({
  _id: z.string(),
  rate: z.string(),
  proposed_by: z.string().nullable(),
  created_at: z.string(),
});
export type UsdtInrRateProposal = z.infer<typeof usdtInrRateProposalSchema>;

/** What governs a rate change: the pending proposal, the market's price and the bounds. */
export const usdtInrRateRulesSchema = z.object({
  proposal: usdtInrRateProposalSchema.nullable(),
  market_rate: z
    .string()
    .nullable()
    .describe("USDTINR's price (lower of 24 h VWAP and median trade); null: too thin to trust"),
  band_percent: z.string().describe('One admin may set a rate this close to the market price'),
  min: z.string(),
  max: z.string(),
});
export type UsdtInrRateRules = z.infer<typeof usdtInrRateRulesSchema>;

export const setUsdtInrRateResultSchema = z.object({
  rate: z.string(),
  status: z.enum(['applied', 'proposed']),
  proposal_id: z.string().nullable(),
});
export type SetUsdtInrRateResult = z.infer<typeof setUsdtInrRateResultSchema>;

export const form26qfQuerySchema = z.object({
  financial_year: financialYearSchema,
  quarter: taxQuarterSchema,
});

/**
 * Schedule VDA of the income-tax return (section 115BBH): each transfer of a crypto asset in a
 * financial year matched with its acquisitions first in, first out. Rupees are exact decimal
 * strings to the paisa; a loss is negative and is not set off against any gain.
 */
export const VDA_COST_METHOD = 'FIFO';
/** The head of income the report fills in: an investor's, not a trader's business income. */
export const VDA_HEAD = 'Capital Gain';

export const vdaLineSchema = z.object({
  sl_no: z.number().int(),
  coin: z.string(),
  quantity: z.string(),
  /** The IST date the coins came in (YYYY-MM-DD); null: more left than the records show came in. */
  acquired_on: z.string().nullable(),
  transferred_on: z.string(),
  head: z.string(),
  cost: z.string(),
  /** false: deposited from outside (or not on record): cost 0 here, the user's own record applies. */
  cost_known: z.boolean(),
  consideration: z.string(),
  /** consideration − cost; negative for a loss. */
  income: z.string(),
  tds: z.string(),
  /** Pair, trade and side of the fill, e.g. "BTCUSDT:12:sell". */
  trade: z.string(),
  /** The USDT/INR rate the fill was valued at; null on an INR pair. */
  usdt_inr_rate: z.string().nullable(),
});
export type VdaLine = z.infer<typeof vdaLineSchema>;

export const vdaCoinTotalSchema = z.object({
  coin: z.string(),
  lines: z.number().int(),
  quantity: z.string(),
  cost: z.string(),
  consideration: z.string(),
  gains: z.string(),
  losses: z.string(),
  tds: z.string(),
});
export type VdaCoinTotal = z.infer<typeof vdaCoinTotalSchema>;

export const scheduleVdaSchema = z.object({
  financial_year: z.string(),
  method: z.literal(VDA_COST_METHOD),
  lines: z.array(vdaLineSchema),
  coins: z.array(vdaCoinTotalSchema),
  totals: z.object({
    cost: z.string(),
    consideration: z.string(),
    /** The gains alone: what section 115BBH taxes at 30%. */
    income: z.string(),
    /** The losses, negative: shown, never set off. */
    losses: z.string(),
    tds: z.string(),
  }),
  /** Every financial year since the user's first trade or deposit, newest first. */
  financial_years: z.array(z.string()),
});
export type ScheduleVda = z.infer<typeof scheduleVdaSchema>;

export const scheduleVdaQuerySchema = z.object({ financial_year: financialYearSchema.optional() });
