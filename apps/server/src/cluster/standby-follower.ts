import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { TdsConfig } from '../config/env.js';
import type { Db } from '../db/connect.js';
import { loadCore, type Core } from '../core/core.js';
import { applyCoreRows, LIVE_DEPOSITS, LIVE_WITHDRAWALS, type CoreRows } from '../core/load.js';
import { readTax } from '../core/tax/load-tax.js';
import { readRecentClientOrders, readTradingHeads } from '../core/trading/load-trading.js';
import { holdsId, REMEMBERED_CLOSED_MAX } from '../core/trading/client-order-ids.js';

/** How often a standby reads what was written since it last looked. */
const FOLLOW_MS = 1000;

/** xids are 32 bits and wrap: a row is newer when it is at most half the circle after. */
const XID_SPACE = 4_294_967_296;
const HALF = 2_147_483_648;

/**
 * Where a read starts: the oldest transaction still running. Every row a later transaction (or
 * that one) writes has an xmin at or after it; every row an earlier one wrote is visible to a
 * read that begins after this call.
 */
async function position(db: Db): Promise<number> {
  const { rows } = await sql<{ xid: string }>`
    select (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % ${XID_SPACE}) as xid`.execute(
    db,
  );
  const xid = rows[0]?.xid;
  if (xid === undefined) throw new Error('no snapshot position');
  return Number(xid);
}

/** Rows written at or after `from` (a row version's xmin is the transaction that wrote it). */
const writtenSince = (from: number) =>
  sql<boolean>`((xmin::text::bigint - ${from} + ${XID_SPACE}) % ${XID_SPACE}) < ${HALF}`;

type Row<K extends keyof CoreRows> = CoreRows[K] extends (infer R)[] ? R : never;

/**
 * A standby core's copy of the rows the core's memory is made of, kept current while it waits
 * for the writer lock: read whole once, then only the rows written since the last read (no core
 * row is ever deleted: an order filled, a deposit settled, a user unlocked are updates, seen
 * here). At takeover the last tail is read and the state built from the copy, so a standby reads
 * what changed in the last moments, not every table (PostgreSQL still scans the heap for the
 * rows' xmin; it sends and Node parses only the tail). Small reads (pairs, tokens, last ids,
 * the tax year's totals) are read whole then.
 */
export class StandbyFollower {
  private from: number | null = null;
  private readonly accounts = new Map<string, Row<'accounts'>>();
  private readonly deposits = new Map<string, Row<'deposits'>>();
  private readonly withdrawals = new Map<string, Row<'withdrawals'>>();
  private readonly users = new Map<string, Row<'locked'>>();
  private readonly orders = new Map<string, CoreRows['trading']['open'][number]>();

  /** When the copy was last brought current (performance.now()); null: never, or it took over. */
  private currentAt: number | null = null;
  private readonly since = performance.now();
  private writing = false;

  constructor(private readonly db: Db) {}

  /**
   * The standby's replay lag: seconds since its copy was last current (since it started, until
   * its first read); 0 once it writes (`catchUp`).
   */
  lagSeconds(): number {
    if (this.writing) return 0;
    return (performance.now() - (this.currentAt ?? this.since)) / 1000;
  }

  /** Reads the rows written since the last read (everything, the first time): how many. */
  async follow(): Promise<number> {
    const { db } = this;
    const startedAt = performance.now();
    const next = await position(db);
    const from = this.from;
    // The first read takes the live rows; later ones every changed row, to see them settle.
    const first = from === null;
    const tail = writtenSince(from ?? 0);
    const [accounts, deposits, withdrawals, users, orders] = await Promise.all([
      db
        .selectFrom('accounts')
        .selectAll()
        .$if(!first, (q) => q.where(tail))
        .execute(),
      db
        .selectFrom('deposits')
        .selectAll()
        .$if(first, (q) => q.where('status', 'in', LIVE_DEPOSITS))
        .$if(!first, (q) => q.where(tail))
        .execute(),
      db
        .selectFrom('withdrawals')
        .selectAll()
        .$if(first, (q) => q.where('status', 'in', LIVE_WITHDRAWALS))
        .$if(!first, (q) => q.where(tail))
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'locked_at', 'lock_reason'])
        .$if(first, (q) => q.where('locked_at', 'is not', null))
        .$if(!first, (q) => q.where(tail))
        .execute(),
      db
        .selectFrom('orders')
        .selectAll()
        .$if(first, (q) => q.where('status', '=', 'open'))
        .$if(!first, (q) => q.where(tail))
        .execute(),
    ]);
    for (const r of accounts) this.accounts.set(r.id, r);
    for (const r of deposits) this.deposits.set(r.id, r);
    for (const r of withdrawals) this.withdrawals.set(r.id, r);
    for (const r of users) this.users.set(r.id, r);
    for (const r of orders) this.orders.set(r.id, r);
    // The first read takes the closed orders a retry may name too (`client-order-ids.ts`).
    if (first)
      for (const r of await readRecentClientOrders(db, new Date())) this.orders.set(r.id, r);
    this.from = next;
    this.currentAt = startedAt;
    return accounts.length + deposits.length + withdrawals.length + users.length + orders.length;
  }

  /** Builds the core's memory from the copy and the small reads (the tail read just before). */
  async load(core: Pick<Core, 'state' | 'tokens'>, tax: { tds: TdsConfig; now: Date }) {
    await core.tokens.reload();
    const [heads, taxRows] = await Promise.all([
      readTradingHeads(this.db, (id) => core.tokens.find(id)),
      readTax(this.db, tax.tds, tax.now),
    ]);
    const live = <T extends { status: string }>(rows: Iterable<T>, statuses: readonly string[]) =>
      [...rows].filter((r) => statuses.includes(r.status));
    const open = live(this.orders.values(), ['open']).sort((a, b) =>
      BigInt(a.id) < BigInt(b.id) ? -1 : 1,
    );
    const recent = [...this.orders.values()]
      .filter(
        (r) =>
          r.status !== 'open' &&
          r.client_order_id !== null &&
          holdsId({ status: r.status, createdAt: new Date(r.created_at) }, tax.now),
      )
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .slice(-REMEMBERED_CLOSED_MAX);
    applyCoreRows(core.state, {
      accounts: [...this.accounts.values()],
      deposits: live(this.deposits.values(), LIVE_DEPOSITS),
      withdrawals: live(this.withdrawals.values(), LIVE_WITHDRAWALS),
      locked: [...this.users.values()].filter((u) => u.locked_at !== null),
      trading: { ...heads, open, recent },
      taxRows,
    });
  }

  /**
   * While the standby waits: the rows written since it last looked, every second, in turn;
   * `followed` hears how many each time (the standby tells the gateways it is there).
   */
  followWhileWaiting(log: FastifyBaseLogger, followed: (rows: number) => void = () => undefined) {
    let last: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      last = last.then(() =>
        this.follow().then(followed, (err: unknown) =>
          log.warn({ err }, 'standby: following failed'),
        ),
      );
    }, FOLLOW_MS);
    return {
      stop: async () => {
        clearInterval(timer);
        await last;
      },
    };
  }

  /**
   * The takeover's catch-up: the tail since the standby last looked, and the memory built from
   * the copy; if that fails, everything read again. How many rows the tail had (null: all read).
   */
  async catchUp(
    core: Pick<Core, 'state' | 'tokens'>,
    tax: { tds: TdsConfig; now: Date },
    log: FastifyBaseLogger,
  ): Promise<number | null> {
    this.writing = true;
    try {
      const tail = await this.follow();
      await this.load(core, tax);
      return tail;
    } catch (err) {
      log.warn({ err }, 'standby: the tail could not be read; loading everything');
      await loadCore(core, this.db, tax);
      return null;
    }
  }
}
