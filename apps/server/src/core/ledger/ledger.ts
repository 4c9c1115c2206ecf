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
  const byAccount = new Map<string, Partial<Record<Bucket, Posting>>>();
  const net: Posting[] = [];
  for (const postings of sets) {
    for (const p of postings) {
      let buckets = byAccount.get(p.account.id);
      if (!buckets) byAccount.set(p.account.id, (buckets = {}));
      const found = buckets[p.bucket];
      if (found) found.amount += p.amount;
      else net.push((buckets[p.bucket] = { ...p }));
    }
  }
  return net.filter((p) => p.amount !== 0n);
}

/**
 * Checks that postings sum to zero per token and that no protected bucket would go negative.
 * Returns the first account that would, or null when the postings may be applied. One call
 * checks one command's step (a fill's eight postings at most): scans over so few cost less than
 * maps of sums, which were most of an order's ledger time.
 */
export function checkPostings(postings: readonly Posting[]): Account | null {
  const n = postings.length;
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const token = (postings[i] as Posting).account.tokenId;
    if (tokens.includes(token)) continue;
    tokens.push(token);
    let sum = 0n;
    for (let j = i; j < n; j++) {
      const p = postings[j] as Posting;
      if (p.account.tokenId === token) sum += p.amount;
    }
    if (sum !== 0n) throw new UnbalancedError(`postings for token ${token} sum to ${sum}`);
  }
  const accounts: Account[] = [];
  for (let i = 0; i < n; i++) {
    const account = (postings[i] as Posting).account;
    if (accounts.includes(account)) continue;
    accounts.push(account);
    if (mayGoNegative(account)) continue;
    let { available, locked } = account;
    for (let j = i; j < n; j++) {
      const p = postings[j] as Posting;
      if (p.account !== account) continue;
      if (p.bucket === 'available') available += p.amount;
      else locked += p.amount;
    }
    if (available < 0n || locked < 0n) return account;
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
