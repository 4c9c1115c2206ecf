import type { Command } from '../sequencer.js';

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
