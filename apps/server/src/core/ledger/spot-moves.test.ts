import { describe, expect, it } from 'vitest';
import { Accounts } from './balances.js';
import type { LedgerKind, LedgerTransaction, Posting } from './ledger.js';
import { spotMoves } from './spot-moves.js';

const accounts = new Accounts();
const funding = accounts.user('u1', 'usdt', 'funding');
const spot = accounts.user('u1', 'usdt', 'spot');
const otherSpot = accounts.user('u2', 'usdt', 'spot');
const pool = accounts.system('deposits', 'usdt');
const at = new Date(Date.UTC(2026, 10, 29));
const tx = (kind: LedgerKind, postings: Posting[]): LedgerTransaction => ({
  id: '',
  kind,
  reference: 'r',
  createdAt: at,
  postings,
});
const moved = (
  account: typeof spot,
  amount: bigint,
  bucket: 'available' | 'locked' = 'available',
) => ({
  account,
  bucket,
  amount,
});

describe("users' spot moves that orders did not make (balanceUpdate)", () => {
  it('reports a transfer in and out of spot, per user, in the ledger order', () => {
    const moves = spotMoves([
      tx('transfer', [moved(funding, -100n), moved(spot, 100n)]),
      tx('transfer', [moved(spot, -40n), moved(funding, 40n)]),
      tx('deposit', [moved(pool, -5n), moved(otherSpot, 5n)]),
    ]);
    expect(moves.get('u1')).toEqual([
      { tokenId: 'usdt', delta: 100n, time: at },
      { tokenId: 'usdt', delta: -40n, time: at },
    ]);
    expect(moves.get('u2')).toEqual([{ tokenId: 'usdt', delta: 5n, time: at }]);
  });

  it('leaves out orders, the funding wallet, locked buckets and moves that net to nothing', () => {
    const moves = spotMoves([
      tx('order', [moved(spot, -10n), moved(otherSpot, 10n)]),
      tx('trade', [moved(spot, 3n), moved(otherSpot, -3n)]),
      tx('deposit', [moved(pool, -7n), moved(funding, 7n)]),
      tx('withdrawal_hold', [moved(spot, -2n), moved(spot, 2n, 'locked')]),
      tx('transfer', [moved(spot, -1n), moved(spot, 1n)]),
    ]);
    expect(moves.get('u1')).toEqual([{ tokenId: 'usdt', delta: -2n, time: at }]);
    expect(moves.get('u2')).toBeUndefined();
  });
});
