/**
 * What the crash scripts share (`crash-test.ts`, one process; `cluster-rounds.ts`, a cluster):
 * the order each client places, and the check that no acknowledged order was lost.
 */
import type { Db } from '../src/db/connect.js';

/** An acknowledged order: its id and the state the answer gave. */
export interface Acknowledged {
  id: string;
  status: string;
}

/** Client `client`'s `n`th order: a limit order of 0.001 BTC around 30,000, buys and sells. */
export const limitOrderBody = (n: number, client: number, clientOrderId?: string) =>
  JSON.stringify({
    symbol: 'BTCUSDT',
    order_type: 'limit',
    trade_type: n % 2 ? 'buy' : 'sell',
    price: String(29_990 + ((n * 7 + client) % 21)),
    volume: '0.001',
    ...(clientOrderId ? { client_order_id: clientOrderId } : {}),
  });

/** States an acknowledged state may have become after the acknowledgement. */
const LATER: Record<string, string[]> = {
  open: ['open', 'filled', 'cancelled'],
  filled: ['filled'],
  cancelled: ['cancelled'],
};

/** How many acknowledged orders the database lacks in that state or a later one: must be 0. */
export async function countLost(db: Db, acknowledged: Acknowledged[]) {
  const ids = acknowledged.map((a) => a.id);
  const rows = ids.length
    ? await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute()
    : [];
  const stored = new Map(rows.map((r) => [String(r.id), r.status as string]));
  return acknowledged.filter(
    (a) => !(LATER[a.status] ?? []).includes(stored.get(a.id) ?? 'missing'),
  ).length;
}
