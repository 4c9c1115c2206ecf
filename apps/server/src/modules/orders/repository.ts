import { orderFromRow } from '../../core/trading/trading-rows.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

/**
 * The user's orders, newest first: open ones, or the closed (filled and cancelled). `pairOf`
 * names each row's pair; an order whose pair is not listed is an internal fault.
 */
export async function userOrderPage(
  db: Db,
  userId: string,
  page: Page,
  pairOf: (pairId: string) => Pair | undefined,
  list?: 'open' | 'closed',
): Promise<{ orders: OrderRecord[]; total: number }> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (list === 'open') query = query.where('status', '=', 'open');
  if (list === 'closed') query = query.where('status', 'in', ['filled', 'cancelled']);
  const { rows, total } = await paginate(query.orderBy('id', 'desc'), page);
  const orders = rows.map((row) => {
    const pair = pairOf(row.pair_id);
    if (!pair) throw new Error(`order ${row.id} on an unknown pair ${row.pair_id}`);
    return orderFromRow(row, pair);
  });
  return { orders, total };
}

/** Orders by id, for their owners' live updates; orders on unlisted pairs are left out. */
export async function ordersByIds(
  db: Db,
  ids: readonly string[],
  pairOf: (pairId: string) => Pair | undefined,
): Promise<OrderRecord[]> {
  const rows = await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
  return rows.flatMap((row) => {
    const pair = pairOf(row.pair_id);
    return pair ? [orderFromRow(row, pair)] : [];
  });
}

/** Which of a user's orders on a pair to read, oldest first. */
export interface PairOrderQuery {
  openOnly?: boolean;
  fromId?: number;
  startTime?: Date;
  endTime?: Date;
  limit: number;
}

/** A user's orders on one pair, oldest first (the Binance-compatible API's lists). */
export async function userPairOrders(
  db: Db,
  userId: string,
  pair: Pair,
  q: PairOrderQuery,
): Promise<OrderRecord[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', '=', pair.id);
  if (q.openOnly) query = query.where('status', '=', 'open');
  if (q.fromId !== undefined) query = query.where('id', '>=', String(q.fromId));
  if (q.startTime) query = query.where('created_at', '>=', q.startTime);
  if (q.endTime) query = query.where('created_at', '<=', q.endTime);
  // Without a starting point, the latest `limit`; in either case answered oldest first.
  const fromStart = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await query
    .orderBy('id', fromStart ? 'asc' : 'desc')
    .limit(q.limit)
    .execute();
  if (!fromStart) rows.reverse();
  return rows.map((row) => orderFromRow(row, pair));
}

/** One order of the user by its id or (the latest with it) its client order id. */
export async function userOrderOf(
  db: Db,
  userId: string,
  pair: Pair,
  by: { id: number } | { clientOrderId: string },
): Promise<OrderRecord | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', '=', pair.id);
  query =
    'id' in by
      ? query.where('id', '=', String(by.id))
      : query.where('client_order_id', '=', by.clientOrderId).orderBy('id', 'desc').limit(1);
  const row = await query.executeTakeFirst();
  return row && orderFromRow(row, pair);
}

/** A fill of one of the user's orders, as their trade list shows it. */
export interface UserTrade {
  pairId: string;
  tradeId: number;
  orderId: number;
  price: bigint;
  quantity: bigint;
  quoteQuantity: bigint;
  /** The fee this side paid: base for a buy, quote for a sell. */
  fee: bigint;
  /** The GST included in `fee` (`core/tax/gst.ts`); 0 before GST or where no deduction row. */
  gst: bigint;
  /** The TDS (section 194S) this side paid, in the fee's token; 0 where none was deducted. */
  tds: bigint;
  /** The TDS in rupees (ledger units) as its deduction recorded it; 0 where none. */
  tdsInr: bigint;
  /** The USDT/INR rate (rupee units per USDT) the fill's TDS used; null: no deduction row. */
  usdtInr: bigint | null;
  isBuyer: boolean;
  isMaker: boolean;
  time: Date;
}

/**
 * The user's fills joined to their orders (each fill once per order of the user's it filled, so a
 * self-trade is two rows), with the TDS that order's side paid; on one pair, or on all.
 */
function userFills(db: Db, userId: string, pairId?: string) {
  let query = userFillsOf(db).where('o.user_id', '=', userId);
  if (pairId !== undefined)
    query = query.where('o.pair_id', '=', pairId).where('t.pair_id', '=', pairId);
  return query;
}

/** Trades joined with the orders they filled (one row per side) and each side's TDS. */
function userFillsOf(db: Db) {
  return (
    db
      .selectFrom('trades as t')
      // An order's fills happen between its creation and its last change: bounding the trade
      // times lets the join use the trades' (pair, time) index rather than scan the pair's trades.
      .innerJoin('orders as o', (join) =>
        join.on((eb) =>
          eb.and([
            eb.or([
              eb('o.id', '=', eb.ref('t.maker_order_id')),
              eb('o.id', '=', eb.ref('t.taker_order_id')),
            ]),
            eb('t.pair_id', '=', eb.ref('o.pair_id')),
            eb('t.created_at', '>=', eb.ref('o.created_at')),
            eb('t.created_at', '<=', eb.ref('o.updated_at')),
          ]),
        ),
      )
      .leftJoin('tds_deductions as d', (join) =>
        join
          .onRef('d.pair_id', '=', 't.pair_id')
          .onRef('d.trade_id', '=', 't.id')
          .onRef('d.side', '=', 'o.side'),
      )
      .select([
        't.pair_id',
        't.id',
        't.price',
        't.quantity',
        't.quote_quantity',
        't.maker_order_id',
        't.maker_fee',
        't.taker_fee',
        't.created_at',
        'o.id as order_id',
        'o.side',
        'd.amount as tds',
        'd.gst',
        'd.tds_inr',
        'd.usdt_inr_rate',
      ])
  );
}

type FillRow = Awaited<ReturnType<ReturnType<typeof userFills>['execute']>>[number];

function toUserTrade(r: FillRow): UserTrade {
  const isMaker = r.maker_order_id === r.order_id;
  return {
    pairId: r.pair_id,
    tradeId: Number(r.id),
    orderId: Number(r.order_id),
    price: BigInt(r.price),
    quantity: BigInt(r.quantity),
    quoteQuantity: BigInt(r.quote_quantity),
    fee: BigInt(isMaker ? r.maker_fee : r.taker_fee),
    gst: BigInt(r.gst ?? 0),
    tds: BigInt(r.tds ?? 0),
    tdsInr: BigInt(r.tds_inr ?? 0),
    usdtInr: r.usdt_inr_rate === null ? null : BigInt(r.usdt_inr_rate),
    isBuyer: r.side === 'buy',
    isMaker,
    time: r.created_at,
  };
}

/** Whose fills `fillsOfOrders` reads: an order, and the last of its trades already told. */
export interface FillsAfter {
  order: Pick<OrderRecord, 'id' | 'userId' | 'pair' | 'createdAt'>;
  afterTradeId: number;
}

/**
 * The fills of these orders after each one's `afterTradeId`, oldest first, by order id: for the
 * user data streams' one report per fill. Bounded by each order's creation (the trades' pair and
 * time index) and its trade id (the pair's key), so a new order reads only its new trades.
 */
export async function fillsOfOrders(
  db: Db,
  orders: readonly FillsAfter[],
): Promise<Map<number, UserTrade[]>> {
  const byOrder = new Map<number, UserTrade[]>();
  if (orders.length === 0) return byOrder;
  const rows = await userFillsOf(db)
    .where((eb) =>
      eb.or(
        orders.map(({ order, afterTradeId }) =>
          eb.and([
            eb('o.id', '=', String(order.id)),
            eb('t.pair_id', '=', order.pair.id),
            eb('t.created_at', '>=', order.createdAt),
            eb('t.id', '>', String(afterTradeId)),
          ]),
        ),
      ),
    )
    .orderBy('t.id', 'asc')
    .execute();
  for (const row of rows) {
    const trade = toUserTrade(row);
    const list = byOrder.get(trade.orderId);
    if (list) list.push(trade);
    else byOrder.set(trade.orderId, [trade]);
  }
  return byOrder;
}

/** The user's fills on a pair, oldest first (trade ids are per pair). */
export async function userPairTrades(
  db: Db,
  userId: string,
  pair: Pair,
  q: { fromId?: number; startTime?: Date; endTime?: Date; orderId?: number; limit: number },
): Promise<UserTrade[]> {
  let query = userFills(db, userId, pair.id);
  if (q.orderId !== undefined) query = query.where('o.id', '=', String(q.orderId));
  if (q.fromId !== undefined) query = query.where('t.id', '>=', String(q.fromId));
  if (q.startTime) query = query.where('t.created_at', '>=', q.startTime);
  if (q.endTime) query = query.where('t.created_at', '<=', q.endTime);
  const fromStart = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await query
    .orderBy('t.id', fromStart ? 'asc' : 'desc')
    .limit(q.limit)
    .execute();
  if (!fromStart) rows.reverse();
  return rows.map(toUserTrade);
}

/** A page of the user's fills, on every pair or one, newest first (the Trade History tab). */
export async function userTradePage(
  db: Db,
  userId: string,
  page: Page,
  pairId?: string,
): Promise<{ trades: UserTrade[]; total: number }> {
  const { rows, total } = await paginate(newestFirst(userFills(db, userId, pairId)), page);
  return { trades: rows.map(toUserTrade), total };
}

/** Every fill of the user, on every pair or one, newest first (the Trade History's CSV). */
export async function userTrades(db: Db, userId: string, pairId?: string): Promise<UserTrade[]> {
  const rows = await newestFirst(userFills(db, userId, pairId)).execute();
  return rows.map(toUserTrade);
}

/** The user's fills since `since`, every pair (the pass-through rule's trading, `modules/aml`). */
export async function userTradesSince(db: Db, userId: string, since: Date): Promise<UserTrade[]> {
  const rows = await userFills(db, userId).where('t.created_at', '>=', since).execute();
  return rows.map(toUserTrade);
}

const newestFirst = (query: ReturnType<typeof userFills>) =>
  query
    .orderBy('t.created_at', 'desc')
    .orderBy('t.pair_id')
    .orderBy('t.id', 'desc')
    .orderBy('o.id');
