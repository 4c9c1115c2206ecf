import type { Command } from '../../core/sequencer.js';

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
