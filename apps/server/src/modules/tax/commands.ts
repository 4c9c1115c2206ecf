import type { Command } from '../../core/sequencer.js';

/**
 * A user's identity verification was approved (with its PAN): their fills are charged at
 * `TDS_RATE` from now on instead of the rate without a PAN. The approval is committed first; a
 * restart reads it back (core/tax/load-tax.ts).
 */
export const notePanOnRecord =
  (userId: string): Command<void> =>
  (state, work) => {
    work.addMember(state.tax.panOnRecord, userId);
  };

export interface UsdtInrRateInput {
  /** INR units (1e-18) per USDT. */
  rate: bigint;
  /** When it was stored: a rate stored earlier never replaces a later one. */
  since: Date;
}

/** Puts a USDT/INR rate an admin stored in force for every later fill. */
export const applyUsdtInrRate =
  ({ rate, since }: UsdtInrRateInput): Command<void> =>
  (state, work) => {
    if (since < state.tax.usdtInr.since) return;
    work.update(state.tax, { usdtInr: { rate, since } });
  };
