import type { Account, Bucket } from './balances.js';
import { mayGoNegative } from './balances.js';

export interface Posting {
  account: Account;
  bucket: Bucket;
  amount: bigint;
}

export type LedgerKind =
  | 'deposit'
  | 'transfer'
  | 'withdrawal_hold'
  | 'withdrawal_paid'
  | 'withdrawal_release'
  | 'order_hold'
  | 'order_release'
  | 'trade'
  /** One order command's hold, fills and release, netted per account and bucket. */
  | 'order';

/** A balanced set of postings, as it is written to `ledger_transactions` and `ledger_entries`. */
export interface LedgerTransaction {
  id: string;
  kind: LedgerKind;
  reference: string;
  createdAt: Date;
  postings: Posting[];
}

export class UnbalancedError extends Error {}

/**
 * Several balanced sets as one: postings summed per account and bucket, zeros dropped, in the
 * order accounts first appear. The sum of balanced sets is balanced, and every balance moves by
 * exactly what the parts moved it.
 */
export function netPostings(sets: readonly Posting[][]): Posting[] {
  const net = new Map<string, Posting>();
  for (const postings of sets) {
    for (const p of postings) {
      const key = `${p.account.id} ${p.bucket}`;
      const found = net.get(key);
      if (found) found.amount += p.amount;
      else net.set(key, { ...p });
    }
  }
  return [...net.values()].filter((p) => p.amount !== 0n);
}

/**
 * Checks that postings sum to zero per token and that no protected bucket would go negative.
 * Returns the first account that would, or null when the postings may be applied.
 */
export function checkPostings(postings: readonly Posting[]): Account | null {
  const sums = new Map<string, bigint>();
  const after = new Map<Account, { available: bigint; locked: bigint }>();
  for (const p of postings) {
    sums.set(p.account.tokenId, (sums.get(p.account.tokenId) ?? 0n) + p.amount);
    const next = after.get(p.account) ?? {
      available: p.account.available,
      locked: p.account.locked,
    };
    next[p.bucket] += p.amount;
    after.set(p.account, next);
  }
  for (const [token, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedError(`postings for token ${token} sum to ${sum}`);
  }
  for (const [account, next] of after) {
    if (!mayGoNegative(account) && (next.available < 0n || next.locked < 0n)) return account;
  }
  return null;
}

/** Applies postings that `checkPostings` accepted. */
export function applyPostings(postings: readonly Posting[]): void {
  for (const p of postings) p.account[p.bucket] += p.amount;
}

/** Takes applied postings back out (a rolled-back command). */
export function revertPostings(postings: readonly Posting[]): void {
  for (const p of postings) p.account[p.bucket] -= p.amount;
}
