import type { TdsConfig } from '../../config/env.js';
import { parseAmount } from '../money.js';

/** The rates TDS is charged at, as fractions in units of 1e-18 (1% is 10^16). */
export interface TdsSettings {
  rate: bigint;
  noPanRate: bigint;
  /** INR units (1e-18): fills are charged once a user's received value in the year exceeds it. */
  thresholdInr: bigint;
  /** The GST rate on fees, included in them (`core/tax/gst.ts`). */
  gstRate: bigint;
}

/** The USDT/INR reference rate in force: INR units (1e-18) per USDT, and since when. */
export interface UsdtInrRate {
  rate: bigint;
  since: Date;
}

/** Decimal settings (config/env.ts checked their form) as units. */
export function tdsSettings(config: {
  rate: string;
  noPanRate: string;
  thresholdInr: string;
  gstRate: string;
}): TdsSettings {
  const units = (value: string) => {
    const parsed = parseAmount(value);
    if (parsed === null) throw new Error(`TDS setting "${value}" is not a decimal`);
    return parsed;
  };
  return {
    rate: units(config.rate),
    noPanRate: units(config.noPanRate),
    thresholdInr: units(config.thresholdInr),
    gstRate: units(config.gstRate),
  };
}

/**
 * What the single writer needs to charge TDS on a fill without reading the database: the rates,
 * who has a PAN on record (identity verification approved with a PAN), the USDT/INR rate in
 * force and, when an exemption threshold is set, what each user received this financial year.
 */
/** The key of `TaxState.receivedInr`: a user's rupees received in one financial year. */
export const receivedKey = (financialYear: string, userId: string) => `${financialYear} ${userId}`;

export class TaxState {
  /** The settings as configured (config/env.ts), kept for a reload. */
  config: TdsConfig | null = null;
  settings: TdsSettings = { rate: 0n, noPanRate: 0n, thresholdInr: 0n, gstRate: 0n };
  usdtInr: UsdtInrRate = { rate: 0n, since: new Date(0) };
  readonly panOnRecord = new Set<string>();
  /** `${financialYear} ${userId}` → INR units received (only kept when a threshold is set). */
  readonly receivedInr = new Map<string, bigint>();

  reset(): void {
    this.panOnRecord.clear();
    this.receivedInr.clear();
  }

  /** Rupee units `userId` received in `financialYear`, as counted against the threshold. */
  receivedIn(financialYear: string, userId: string): bigint {
    return this.receivedInr.get(receivedKey(financialYear, userId)) ?? 0n;
  }

  /** The rate a user's fills are charged at before any threshold. */
  rateFor(userId: string): bigint {
    return this.panOnRecord.has(userId) ? this.settings.rate : this.settings.noPanRate;
  }
}
