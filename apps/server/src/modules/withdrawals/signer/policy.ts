import type { SignerLimits } from '../../../config/signer-config.js';
import { approvalsRequired } from '../../reviews/four-eyes.js';

export type { SignerLimits };

/** What the API asks the signer to sign: one withdrawal's transfer (on-chain units). */
export interface SignRequest {
  withdrawalId: string;
  network: string;
  /** The token's contract; null: the network's native coin. */
  contract: string | null;
  to: string;
  units: bigint;
}

/** The withdrawal as the database shows it to the signer, with its token on that network. */
export interface WithdrawalFacts {
  userId: string;
  network: string;
  status: string;
  address: string;
  /** What the address receives, in on-chain units (the amount less the network's fee). */
  units: bigint;
  contract: string | null;
  /** Its value in USDT when asked (ledger units); null: nobody could tell. */
  valueUsdt: bigint | null;
  approvals: { adminId: string; soloUsdt?: bigint }[];
}

/** What the signer signed in the last hour and the last day (USDT ledger units, transfers). */
export interface Velocity {
  hour: { usdt: bigint; transfers: number };
  day: { usdt: bigint; transfers: number };
}

export const REFUSALS = [
  'unknown_withdrawal',
  'replayed',
  'not_awaiting_signature',
  'not_approved',
  'wrong_network',
  'wrong_token',
  'wrong_address',
  'wrong_amount',
  'hourly_limit',
  'daily_limit',
] as const;
export type Refusal = (typeof REFUSALS)[number];

/**
 * sign: a new signature; resend: the one it signed for this withdrawal already (the API asked
 * again before it recorded it: a crash), never a second one.
 */
export type Decision = { kind: 'sign' } | { kind: 'resend' } | { kind: 'refuse'; reason: Refusal };

const refuse = (reason: Refusal): Decision => ({ kind: 'refuse', reason });

/**
 * The signer's whole policy, pure: it signs a transfer only for a withdrawal the database shows
 * waiting for its signature, approved by the admins the four-eyes rule requires (never its owner,
 * never one admin twice), to that withdrawal's address, of that token, for that amount, once, and
 * within its own hourly and daily limits (a withdrawal nobody could value counts as 0 USDT but
 * still as a transfer).
 */
export function decide(
  request: SignRequest,
  withdrawal: WithdrawalFacts | undefined,
  signedBefore: boolean,
  velocity: Velocity,
  limits: SignerLimits,
): Decision {
  if (!withdrawal) return refuse('unknown_withdrawal');
  if (withdrawal.status !== 'awaiting_signature')
    return refuse(signedBefore ? 'replayed' : 'not_awaiting_signature');
  if (!approvedInFull(withdrawal, limits.secondApprovalUsdt)) return refuse('not_approved');
  if (request.network !== withdrawal.network) return refuse('wrong_network');
  if (lower(request.contract) !== lower(withdrawal.contract)) return refuse('wrong_token');
  if (request.to.toLowerCase() !== withdrawal.address.toLowerCase()) return refuse('wrong_address');
  if (request.units !== withdrawal.units) return refuse('wrong_amount');
  if (signedBefore) return { kind: 'resend' };
  const value = withdrawal.valueUsdt ?? 0n;
  const { hour, day } = velocity;
  if (hour.usdt + value > limits.hourUsdt || hour.transfers + 1 > limits.hourTransfers)
    return refuse('hourly_limit');
  if (day.usdt + value > limits.dayUsdt || day.transfers + 1 > limits.dayTransfers)
    return refuse('daily_limit');
  return { kind: 'sign' };
}

const lower = (text: string | null) => text?.toLowerCase() ?? null;

/**
 * Two different admins, neither the owner; or one admin whose approval says it was enough alone
 * (`soloUsdt`, kept by the API's four-eyes rule) for a value at or under the threshold, both when
 * asked and when approved. A withdrawal nobody could value needs two.
 */
export function approvedInFull(w: WithdrawalFacts, threshold: bigint): boolean {
  const admins = new Set(w.approvals.map((a) => a.adminId));
  if (admins.size !== w.approvals.length || admins.has(w.userId)) return false;
  if (admins.size >= 2) return true;
  const solo = w.approvals[0]?.soloUsdt;
  if (solo === undefined || w.valueUsdt === null) return false;
  const value = solo > w.valueUsdt ? solo : w.valueUsdt;
  return approvalsRequired(value, threshold, threshold) === 1;
}
