import type { Side } from '@exchange/engine';
import type { OrderRecord } from './order-record.js';

/**
 * Safe retries (issue 50): an order's client order id names it for a day. A client whose answer
 * was cut (a gateway or core died, the network dropped) sends the same order again with the same
 * id; the exchange must not place it twice.
 * - Within `CLIENT_ID_WINDOW_MS` of placing (or while it is open), an id names the user's earlier
 *   order: the same order asked again is a retry ('retry': answered with the earlier order as it
 *   stands now, or on Binance's API refused with its -2010 "Duplicate order sent.", the order
 *   found by `origClientOrderId`); a different order under that id is refused ('taken').
 * - Later, or for an id never used, the order is new.
 * The core remembers at most `REMEMBERED_CLOSED_MAX` closed orders' ids (each user's open ones
 * always): beyond that the oldest are forgotten first, and a look-up by client order id answers.
 */
export const CLIENT_ID_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REMEMBERED_CLOSED_MAX = 100_000;

/** What an order asks for, as far as its retry repeats it. */
export interface OrderShape {
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  priceTicks: number | null;
  stopTicks: number | null;
  /** Null for a market buy that gives the quote to spend (its volume is worked out when placed). */
  lots: number | null;
  /** One order of an OCO pair. */
  oco: boolean;
}

export type ClientIdUse = 'new' | 'retry' | 'taken';

type Earlier = Pick<OrderRecord, 'status' | 'createdAt'> & { shape: OrderShape };

/** Whether the earlier order still holds its id at `now`: open, or placed within the window. */
export const holdsId = (earlier: Pick<OrderRecord, 'status' | 'createdAt'>, now: Date): boolean =>
  earlier.status === 'open' || now.getTime() - earlier.createdAt.getTime() < CLIENT_ID_WINDOW_MS;

/** How an order asked under a client id the user used before (`earlier`, if any) is treated. */
export function clientIdUse(
  earlier: Earlier | undefined,
  asked: OrderShape,
  now: Date,
): ClientIdUse {
  if (!earlier || !holdsId(earlier, now)) return 'new';
  return sameShape(earlier.shape, asked) ? 'retry' : 'taken';
}

function sameShape(a: OrderShape, b: OrderShape): boolean {
  return (
    a.symbol === b.symbol &&
    a.side === b.side &&
    a.type === b.type &&
    a.priceTicks === b.priceTicks &&
    a.stopTicks === b.stopTicks &&
    (a.lots === null || b.lots === null || a.lots === b.lots) &&
    a.oco === b.oco
  );
}

/** An order's shape as placed. */
export const shapeOf = (o: OrderRecord): OrderShape => ({
  symbol: o.pair.symbol,
  side: o.side,
  type: o.type,
  priceTicks: o.type === 'limit' ? o.priceTicks : null,
  stopTicks: o.stopTicks,
  lots: o.lots,
  oco: o.ocoId !== null,
});

/**
 * The remembered ids to forget now (entries oldest first, as a Map iterates): closed orders'
 * past the window, and the oldest closed ones beyond `max`. Open orders' ids are kept.
 */
export function idsToForget(
  entries: Iterable<[string, Pick<OrderRecord, 'status' | 'createdAt'>]>,
  now: Date,
  max = REMEMBERED_CLOSED_MAX,
): string[] {
  const closed: [string, boolean][] = [];
  for (const [key, o] of entries) if (o.status !== 'open') closed.push([key, holdsId(o, now)]);
  const over = closed.length - max;
  return closed.filter(([, held], i) => !held || i < over).map(([key]) => key);
}
