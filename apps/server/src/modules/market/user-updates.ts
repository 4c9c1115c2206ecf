import type { OrderDto, WalletBalance } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { toOrderDto } from '../orders/dto.js';
import { ordersByIds } from '../orders/service.js';
import { toBalanceDto } from '../wallets/dto.js';
import { balancesOfUsers } from '../wallets/service.js';

export interface UserSink {
  /** Whether anyone may be listening for this user (skips reading what nobody would get). */
  listensFor(userId: string): boolean;
  order(userId: string, order: OrderDto): void;
  balances(userId: string, balances: WalletBalance[]): void;
}

/**
 * The owners' order and balance updates. The core says whose orders and balances changed after
 * each durable batch; changes are gathered and read back from the database once per flush, so a
 * burst of fills costs one query per kind, and what is sent is what was committed.
 */
export class UserUpdates {
  private orders = new Map<string, string>();
  private users = new Set<string>();
  private flushing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  ordersChanged(userId: string, orderIds: string[]): void {
    for (const id of orderIds) this.orders.set(id, userId);
  }

  balancesChanged(userId: string): void {
    this.users.add(userId);
  }

  /** Sends what changed since the last flush; a flush still reading is left to finish first. */
  async flush(sink: UserSink): Promise<void> {
    if (this.flushing || (this.orders.size === 0 && this.users.size === 0)) return;
    const orderIds = [...this.orders].filter(([, user]) => sink.listensFor(user)).map(([id]) => id);
    const userIds = [...this.users].filter((user) => sink.listensFor(user));
    this.orders = new Map();
    this.users = new Set();
    this.flushing = true;
    try {
      await Promise.all([this.sendOrders(sink, orderIds), this.sendBalances(sink, userIds)]);
    } catch (err) {
      this.log.error({ err }, 'user updates not sent');
    } finally {
      this.flushing = false;
    }
  }

  private async sendOrders(sink: UserSink, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const pairs = this.ctx.core.state.trading.pairsById;
    for (const order of await ordersByIds(this.ctx.db, ids, (id) => pairs.get(id)))
      sink.order(order.userId, toOrderDto(order));
  }

  private async sendBalances(sink: UserSink, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const byUser = new Map<string, WalletBalance[]>(userIds.map((id) => [id, []]));
    for (const balance of await balancesOfUsers(this.ctx.db, userIds)) {
      const token = this.ctx.core.tokens.find(balance.tokenId);
      if (token) byUser.get(balance.userId)?.push(toBalanceDto(token, balance.walletType, balance));
    }
    for (const [userId, balances] of byUser) sink.balances(userId, balances);
  }
}
