import { RUPEE_MESSAGES, type BankCreditStatus } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';

/**
 * How a bank credit on an uploaded statement is decided, as rules without IO (`reconcile.ts`
 * gathers the facts and carries the verdict out):
 * 1. a UTR credited already, by whoever, stays credited (and says so when the bank's amount
 *    differs from what was credited);
 * 2. with no claim of the UTR the credit waits for an admin: unclaimed, or, when the note
 *    carries a user's reference, theirs if it came from one of their verified accounts, else to
 *    be refunded;
 * 3. a claim paid from someone else's account is refused and the credit is to be refunded;
 * 4. a claim of another amount waits for an admin;
 * 5. the uploader's own claim waits for another admin;
 * 6. otherwise the uploader approves the claim (four-eyes may still ask for a second admin).
 */

export const RECONCILE_NOTES = {
  thirdParty:
    'Paid from an account that is not a verified bank account of the claimant: refund it to the sender',
  thirdPartyDeposit: RUPEE_MESSAGES.thirdPartyDeposit,
  ownClaim: 'The uploader’s own deposit: another admin confirms it in Deposits',
  secondAdmin: 'Approved once: a second admin confirms it in Deposits (four-eyes rule)',
  credited: 'Credited',
  unclaimed: 'Nobody has claimed this UTR yet: assign it to a user or refund it',
  referenced: 'Not claimed yet; the payment’s note carries this user’s reference',
  repeated: 'An earlier statement already holds this UTR',
  alreadyCredited: 'Credited already under this UTR, before this line: nothing more to do',
} as const;
const N = RECONCILE_NOTES;

export interface Outcome {
  status: BankCreditStatus;
  userId: string | null;
  depositId: string | null;
  note: string;
}

const formatInr = (units: bigint) => `₹${formatAmount(units)}`;

/** Rule 1: the line of a UTR whose claim `depositId` was credited (`deposit`: its record). */
export function alreadyCredited(
  depositId: string,
  deposit: { userId: string; amount: bigint } | undefined,
  amount: bigint,
): Outcome {
  const differs = deposit && deposit.amount !== amount;
  return {
    status: 'credited',
    userId: deposit?.userId ?? null,
    depositId,
    note: differs
      ? `${N.alreadyCredited} (credited ${formatInr(deposit.amount)}, the bank received ${formatInr(amount)})`
      : N.alreadyCredited,
  };
}

/** A pending claim as the rules need it (the caller's record may carry more). */
export interface Claim {
  id: string;
  userId: string;
  amount: bigint;
}

export interface CreditFacts<C extends Claim = Claim> {
  /** What the bank received, in ledger units. */
  amount: bigint;
  /** The pending claim of the UTR, if any. */
  claim: C | null;
  /** The claimant, else the user whose reference the note carries, else null. */
  userId: string | null;
  /** Whether the remitter is one of `userId`'s verified accounts. */
  fromOwnAccount: boolean;
  uploaderId: string;
}

/** Rules 2-6: the outcome, or the command the caller submits (`reject`, `approve`) with it. */
export type Verdict<C extends Claim = Claim> =
  | { action: 'record'; outcome: Outcome }
  | { action: 'reject'; claim: C; outcome: Outcome }
  | { action: 'approve'; claim: C };

export function classifyCredit<C extends Claim>(f: CreditFacts<C>): Verdict<C> {
  const record = (outcome: Outcome): Verdict<C> => ({ action: 'record', outcome });
  if (!f.claim) {
    if (!f.userId)
      return record({ status: 'unclaimed', userId: null, depositId: null, note: N.unclaimed });
    const base = { userId: f.userId, depositId: null };
    return f.fromOwnAccount
      ? record({ ...base, status: 'unclaimed', note: N.referenced })
      : record({ ...base, status: 'refund_due', note: N.thirdParty });
  }
  const base = { userId: f.claim.userId, depositId: f.claim.id };
  if (!f.fromOwnAccount)
    return {
      action: 'reject',
      claim: f.claim,
      outcome: { ...base, status: 'refund_due', note: N.thirdParty },
    };
  if (f.claim.amount !== f.amount)
    return record({
      ...base,
      status: 'amount_mismatch',
      note: `Claimed ${formatInr(f.claim.amount)}, the bank received ${formatInr(f.amount)}`,
    });
  if (f.claim.userId === f.uploaderId)
    return record({ ...base, status: 'awaiting_approval', note: N.ownClaim });
  return { action: 'approve', claim: f.claim };
}
