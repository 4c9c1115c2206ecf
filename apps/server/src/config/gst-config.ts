import { gstinProblem, isGstStateCode } from '@exchange/contracts';
import { decimalSetting } from './amount-settings.js';

/** GST on the exchange's fees (`core/tax/gst.ts`) and who the supplier is on a tax invoice. */
export interface GstConfig {
  /** The rate, a fraction included in every fee: "0.18" is 18%. */
  rate: string;
  /** The exchange's GSTIN; null: not configured (production without one issues no invoices). */
  gstin: string | null;
  /** The exchange's state (a GST state code): fees to users of that state are CGST + SGST. */
  state: string;
}

/** A sample GSTIN (Karnataka) for development and tests; its check character is right. */
const SAMPLE_GSTIN = '29AAACE1234F1Z2';

/**
 * GST_RATE (default 0.18); EXCHANGE_GSTIN, checked by its check character (a sample outside
 * production); EXCHANGE_GST_STATE, by default the GSTIN's state, and it must agree with it.
 */
export function gstConfig(env: NodeJS.ProcessEnv, production: boolean): GstConfig {
  const rate = decimalSetting(env, 'GST_RATE', '0.18', true);
  const gstin = env.EXCHANGE_GSTIN?.trim().toUpperCase() || (production ? null : SAMPLE_GSTIN);
  if (gstin !== null) {
    const problem = gstinProblem(gstin);
    if (problem) throw new Error(`EXCHANGE_GSTIN is not a GSTIN: ${problem}`);
  }
  const state = env.EXCHANGE_GST_STATE?.trim() || gstin?.slice(0, 2) || '29';
  if (!isGstStateCode(state))
    throw new Error(`EXCHANGE_GST_STATE must be a GST state code such as 29, not "${state}"`);
  if (gstin !== null && gstin.slice(0, 2) !== state)
    throw new Error(`EXCHANGE_GST_STATE ${state} is not the state of EXCHANGE_GSTIN ${gstin}`);
  return { rate, gstin, state };
}
