import type { OrderDto, WalletBalance } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import { liveListenKeys, type ListenKey } from '../modules/binance/listen-keys.js';
import { executionReports, type OrderProgress } from '../modules/binance/execution-reports.js';
import { accountPosition, balanceUpdate } from '../modules/binance/stream-events.js';
import { isListenKeyName } from '../modules/binance/stream-names.js';
import type { BalanceMove, OrderFill, UserSink } from '../modules/market/user-updates.js';
import {
  isApiStreamName,
  StreamFrames,
  type StreamConnection,
  type StreamHub,
} from './binance-stream-hub.js';

/** Open orders whose fills so far are remembered, to tell each report's last fill. */
const MAX_PROGRESS = 100_000;

/**
 * Binance's user data streams (`/ws/<listenKey>`): a live listen key (`listen_keys`, read from
 * the database by whichever process holds the connection: the single server or any gateway)
 * follows its user's `executionReport`, `balanceUpdate` and `outboundAccountPosition`. A key that expired or was
 * closed ends its streams at the next heartbeat with `listenKeyExpired`; a revoked API key's end
 * at once. Where events may have been lost on the way (a gateway's gap in the core's sequence),
 * every user data stream closes: a report's last fill would be wrong, and the client reconnects.
 */
export class UserStreams implements UserSink {
  private readonly progress = new Map<string, OrderProgress>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly hub: StreamHub,
  ) {}

  /** The live listen keys among the names a client asked for (one query, none without keys). */
  async resolve(names: unknown[]): Promise<Map<string, ListenKey>> {
    const keys = names.filter((n): n is string => typeof n === 'string' && isListenKeyName(n));
    return liveListenKeys(this.app.ctx.db, keys, this.app.ctx.now().getTime());
  }

  /** Ends the user data streams whose listen key is no longer live, telling each so. */
  async endExpired(open: Iterable<StreamConnection>): Promise<void> {
    const connections = [...open].filter((c) => c.listenKeys.size > 0);
    if (connections.length === 0) return;
    // A WebSocket API subscription has no listen key: it lives as long as its connection.
    const names = [...new Set(connections.flatMap((c) => [...c.listenKeys.keys()]))].filter(
      (name) => !isApiStreamName(name),
    );
    const live = await liveListenKeys(this.app.ctx.db, names, this.app.ctx.now().getTime());
    for (const c of connections) this.end(c, (name) => !isApiStreamName(name) && !live.has(name));
  }

  /** Ends at once the user data streams opened with a key of this (revoked) API key. */
  revoked(apiKeyId: string, open: Iterable<StreamConnection>): void {
    for (const c of open) this.end(c, (_name, key) => key.apiKeyId === apiKeyId);
  }

  /** Events were lost on the way: every user data stream closes, its client reconnects. */
  eventsLost(): void {
    this.progress.clear();
    this.hub.closeUsers(1011, 'User data stream missed events: reconnect');
  }

  listensFor(userId: string): boolean {
    return this.hub.listensFor(userId);
  }

  wantsFills(userId: string): boolean {
    return this.hub.listensFor(userId);
  }

  order(userId: string, order: OrderDto, fills: readonly OrderFill[] = []): void {
    if (!this.hub.listensFor(userId)) return;
    const before = this.progress.get(order._id);
    const { reports, progress } = executionReports(order, before, fills, Date.now());
    if (this.progress.size > MAX_PROGRESS) this.progress.clear();
    if (order.status === 'open') this.progress.set(order._id, progress);
    else this.progress.delete(order._id);
    for (const report of reports) this.hub.publishToUser(userId, report);
  }

  /** `outboundAccountPosition` with the spot assets that changed; none changed, none sent. */
  balances(userId: string, balances: WalletBalance[], changedSpot?: string[]): void {
    if (!this.hub.listensFor(userId)) return;
    const position = accountPosition(balances, Date.now(), changedSpot);
    if (position.B.length > 0) this.hub.publishToUser(userId, position);
  }

  balanceMoves(userId: string, moves: readonly BalanceMove[]): void {
    if (!this.hub.listensFor(userId)) return;
    const now = Date.now();
    for (const move of moves) this.hub.publishToUser(userId, balanceUpdate(move, now));
  }

  private end(c: StreamConnection, ended: (name: string, key: ListenKey) => boolean): void {
    const now = this.app.ctx.now().getTime();
    for (const [name, key] of [...c.listenKeys])
      if (ended(name, key)) {
        const event = isApiStreamName(name)
          ? { e: 'eventStreamTerminated', E: now }
          : { e: 'listenKeyExpired', E: now, listenKey: name };
        c.send(new StreamFrames(name, event));
        this.hub.unsubscribe(c, name);
      }
  }
}
