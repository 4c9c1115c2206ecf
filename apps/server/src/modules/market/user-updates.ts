import type { OrderDto, WalletBalance } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { toOrderDto } from '../orders/dto.js';
import { fillsOfOrders, ordersByIds, type UserTrade } from '../orders/service.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { formatAmount } from '../../core/money.js';
import type { BalanceChange } from '../../core/trading/market-events.js';
import { toBalanceDto } from '../wallets/dto.js';
import { balancesOfUsers } from '../wallets/service.js';

/** One fill of an order as the user data streams report it (plain JSON: it crosses the broker). */
export interface OrderFill {
  tradeId: number;
  price: string;
  quantity: string;
  quote: string;
  fee: string;
  feeAsset: string;
  maker: boolean;
  time: number;
}

/** A move of a user's spot balance that no order made (plain JSON: it crosses the broker). */
export interface BalanceMove {
  asset: string;
  /** Signed decimal: positive in, negative out. */
  delta: string;
  time: number;
}

export interface UserSink {
  /** Whether anyone may be listening for this user (skips reading what nobody would get). */
  listensFor(userId: string): boolean;
  /** Whether a listener reports each fill (Binance's user data): its fills are read then. */
  wantsFills(userId: string): boolean;
  /** An order's state, with its fills since it was last told (when `wantsFills`). */
  order(userId: string, order: OrderDto, fills?: OrderFill[]): void;
  /** The user's balances; `changedSpot`: the assets whose spot balance changed since last told. */
  balances(userId: string, balances: WalletBalance[], changedSpot?: string[]): void;
  /** Moves of the user's spot balances no order made, told before the balances they led to. */
  balanceMoves?(userId: string, moves: BalanceMove[]): void;
}

/** Open orders whose last told fill is remembered (past it, fills are told as one report). */
const MAX_TOLD = 100_000;

/**
 * The owners' order and balance updates. The core says whose orders and balances changed after
 * each durable batch; changes are gathered and read back from the database once per flush, so a
 * burst of fills costs one query per kind, and what is sent is what was committed.
 */
export class UserUpdates {
  private orders = new Map<string, string>();
  /** Each open order's filled quantity and last trade as last told. */
  private readonly told = new Map<number, { filled: bigint; lastTradeId: number }>();
  /** Users whose balances changed, with the token ids of their spot balances that did. */
  private users = new Map<string, Set<string>>();
  private moves = new Map<string, BalanceMove[]>();
  private flushing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  ordersChanged(userId: string, orderIds: string[]): void {
    for (const id of orderIds) this.orders.set(id, userId);
  }

  balancesChanged(userId: string, change?: BalanceChange): void {
    const tokens = this.users.get(userId) ?? new Set();
    for (const id of change?.spotTokens ?? []) tokens.add(id);
    this.users.set(userId, tokens);
    if (!change || change.spotMoves.length === 0) return;
    const theirs = this.moves.get(userId) ?? [];
    for (const m of change.spotMoves) {
      const asset = this.ctx.core.tokens.find(m.tokenId)?.shortName;
      if (asset) theirs.push({ asset, delta: formatAmount(m.delta), time: m.time.getTime() });
    }
    this.moves.set(userId, theirs);
  }

  /** Sends what changed since the last flush; a flush still reading is left to finish first. */
  async flush(sink: UserSink): Promise<void> {
    if (this.flushing || (this.orders.size === 0 && this.users.size === 0)) return;
    const orderIds = [...this.orders].filter(([, user]) => sink.listensFor(user)).map(([id]) => id);
    const users = [...this.users].filter(([user]) => sink.listensFor(user));
    for (const [userId, moves] of this.moves)
      if (sink.listensFor(userId)) sink.balanceMoves?.(userId, moves);
    this.orders = new Map();
    this.users = new Map();
    this.moves = new Map();
    this.flushing = true;
    try {
      await Promise.all([this.sendOrders(sink, orderIds), this.sendBalances(sink, users)]);
    } catch (err) {
      this.log.error({ err }, 'user updates not sent');
    } finally {
      this.flushing = false;
    }
  }

  private async sendOrders(sink: UserSink, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const pairs = this.ctx.core.state.trading.pairsById;
    const orders = await ordersByIds(this.ctx.db, ids, (id) => pairs.get(id));
    const filledSince = orders
      .filter((o) => sink.wantsFills(o.userId) && o.filled > (this.told.get(o.id)?.filled ?? 0n))
      .map((order) => ({ order, afterTradeId: this.told.get(order.id)?.lastTradeId ?? 0 }));
    const fills = await fillsOfOrders(this.ctx.db, filledSince);
    for (const order of orders) {
      const theirs = fills.get(order.id) ?? [];
      const last = theirs.at(-1)?.tradeId ?? this.told.get(order.id)?.lastTradeId ?? 0;
      if (order.status !== 'open') this.told.delete(order.id);
      else if (this.told.size < MAX_TOLD || this.told.has(order.id))
        this.told.set(order.id, { filled: order.filled, lastTradeId: last });
      sink.order(
        order.userId,
        toOrderDto(order),
        theirs.map((t) => toFill(order, t)),
      );
    }
  }

  private async sendBalances(sink: UserSink, users: [string, Set<string>][]): Promise<void> {
    if (users.length === 0) return;
    const userIds = users.map(([id]) => id);
    const byUser = new Map<string, WalletBalance[]>(userIds.map((id) => [id, []]));
    for (const balance of await balancesOfUsers(this.ctx.db, userIds)) {
      const token = this.ctx.core.tokens.find(balance.tokenId);
      if (token) byUser.get(balance.userId)?.push(toBalanceDto(token, balance.walletType, balance));
    }
    const symbol = (id: string) => this.ctx.core.tokens.find(id)?.shortName ?? '';
    for (const [userId, tokens] of users)
      sink.balances(userId, byUser.get(userId) ?? [], [...tokens].map(symbol));
  }
}

function toFill(order: OrderRecord, t: UserTrade): OrderFill {
  return {
    tradeId: t.tradeId,
    price: formatAmount(t.price),
    quantity: formatAmount(t.quantity),
    quote: formatAmount(t.quoteQuantity),
    fee: formatAmount(t.fee),
    feeAsset: (t.isBuyer ? order.pair.base : order.pair.quote).shortName,
    maker: t.isMaker,
    time: t.time.getTime(),
  };
}
