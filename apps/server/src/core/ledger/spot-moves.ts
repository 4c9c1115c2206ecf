import type { LedgerKind, LedgerTransaction } from './ledger.js';

/** What orders move: reported by their own events (executionReport), never as a spot move. */
const ORDER_KINDS: ReadonlySet<LedgerKind> = new Set([
  'order_hold',
  'order_release',
  'trade',
  'order',
]);

/** A user's spot balance of a token moved by something other than an order, in ledger units. */
export interface SpotMove {
  tokenId: string;
  /** The change of the available balance: positive in, negative out. */
  delta: bigint;
  time: Date;
}

/**
 * The moves of users' spot balances in a batch's ledger that orders did not make (a transfer from
 * or to the funding wallet, a deposit or withdrawal on the spot wallet, a correction): what
 * Binance's user data stream reports as `balanceUpdate`. One move per ledger transaction and
 * account, in the ledger's order; a transaction that leaves an account's available balance as it
 * was moves nothing.
 */
export function spotMoves(ledger: readonly LedgerTransaction[]): Map<string, SpotMove[]> {
  const moves = new Map<string, SpotMove[]>();
  for (const transaction of ledger) {
    if (ORDER_KINDS.has(transaction.kind)) continue;
    const deltas = new Map<string, { userId: string; tokenId: string; delta: bigint }>();
    for (const { account, bucket, amount } of transaction.postings) {
      if (bucket !== 'available' || account.walletType !== 'spot' || !account.userId) continue;
      const entry = deltas.get(account.id) ?? {
        userId: account.userId,
        tokenId: account.tokenId,
        delta: 0n,
      };
      entry.delta += amount;
      deltas.set(account.id, entry);
    }
    for (const { userId, tokenId, delta } of deltas.values()) {
      if (delta === 0n) continue;
      const theirs = moves.get(userId) ?? [];
      theirs.push({ tokenId, delta, time: transaction.createdAt });
      moves.set(userId, theirs);
    }
  }
  return moves;
}
