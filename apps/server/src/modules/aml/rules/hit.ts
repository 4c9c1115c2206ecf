/**
 * What an anti-money-laundering rule (PMLA monitoring, issue 52) says when it fires: its name, how
 * serious it is, and the facts a compliance officer reads. Rules are pure functions of the
 * events they are given and their thresholds; money is paise (bigint), times are instants.
 */
export type AmlRisk = 'medium' | 'high';

export interface AmlHit {
  rule: string;
  risk: AmlRisk;
  /** The accounts the hit is about (a shared address or device names several). */
  userIds: string[];
  /** A one-line account of the pattern, for the case's title. */
  summary: string;
  /** The figures it fired on, kept with the case. */
  facts: Record<string, string | number>;
}

/** Rupees for a summary: paise as "12345.67". */
export const rupees = (paise: bigint) => `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
