import type { FastifyBaseLogger } from 'fastify';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { CandlesTable } from '../db/schema-trading.js';
import { parseAmount, ledgerOne } from '../core/money.js';
import { hashPassword } from '../lib/passwords.js';
import { insertPair } from '../modules/listings/repository.js';
import { insertTokenRows } from '../modules/listings/repository.js';
import { findUserByEmail, insertUser, type NewUser } from '../modules/users/repository.js';
import { DEMO_ACCOUNTS, NO_LOGIN_HASH, type DemoAccount } from './accounts.js';
import type { DemoCredential } from './credentials.js';
import {
  DEMO_COINS,
  DEMO_INR_PAIRS,
  DEMO_MIN_NOTIONAL,
  INR_COIN,
  QUOTE_COIN,
  type DemoCoin,
} from './catalog.js';
import { pairHistory, type HistoryPair } from './history.js';

type Tx = Transaction<Database>;

export interface SeedOutcome {
  seeded: boolean;
  candles: number;
  ms: number;
}

/**
 * On a database without tokens: lists USDT and the demo coins, their USDT pairs, the demo
 * accounts and `historyDays` of one-minute candles (and the last trades) behind every pair, in
 * one transaction, so a crash leaves nothing half-seeded. A database that has tokens is left
 * alone. Runs before the core starts, so the core loads the pairs and their last trade ids.
 * Money is not touched here: the accounts are funded through the core (funding.ts).
 */
export async function seedDemoMarket(
  db: Db,
  log: FastifyBaseLogger,
  now: Date,
  historyDays: number,
  credentials: DemoCredential[],
): Promise<SeedOutcome> {
  const started = performance.now();
  const anyToken = await db.selectFrom('tokens').select('id').limit(1).executeTakeFirst();
  if (anyToken) return { seeded: false, candles: 0, ms: 0 };
  const hashes = await passwordHashes(credentials);
  const minutes = Math.max(TRADE_MINUTES_FLOOR, Math.round(historyDays * 1440));
  const endMs = Math.floor(now.getTime() / 60_000) * 60_000;
  let candles = 0;
  await db.transaction().execute(async (trx) => {
    const usdt = await insertTokenRows(trx, QUOTE_COIN);
    const inr = await insertTokenRows(trx, INR_COIN);
    const ids = new Map([[QUOTE_COIN.shortName, usdt]]);
    const markets: [DemoCoin, string, string][] = [];
    for (const coin of DEMO_COINS) {
      const id = await insertTokenRows(trx, coin);
      ids.set(coin.shortName, id);
      markets.push([coin, id, usdt]);
    }
    for (const coin of DEMO_INR_PAIRS) markets.push([coin, ids.get(coin.shortName) as string, inr]);
    for (const [coin, base, quote] of markets) {
      const pair = await listPair(trx, coin, base, quote);
      const history = pairHistory(pair, coin, endMs, minutes);
      candles += history.candles.length;
      await insertCandles(trx, history.candles);
      if (history.trades.length > 0)
        await trx.insertInto('trades').values(history.trades).execute();
    }
    for (const account of DEMO_ACCOUNTS) await ensureUser(trx, account, hashes, now);
  });
  const ms = Math.round(performance.now() - started);
  log.info(
    { pairs: DEMO_COINS.length + DEMO_INR_PAIRS.length, candles, ms },
    'demo market seeded: tokens, USDT and INR pairs, accounts and price history',
  );
  return { seeded: true, candles, ms };
}

/** At least half an hour of history, whatever DEMO_HISTORY_DAYS says. */
const TRADE_MINUTES_FLOOR = 30;

async function passwordHashes(credentials: DemoCredential[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  // One at a time: each scrypt hash takes 128 MiB.
  for (const a of DEMO_ACCOUNTS) {
    const password = a.canLogIn ? credentials.find((c) => c.email === a.email)?.password : null;
    hashes.set(a.email, password ? await hashPassword(password) : NO_LOGIN_HASH);
  }
  return hashes;
}

async function listPair(
  trx: Tx,
  coin: DemoCoin,
  baseTokenId: string,
  quoteTokenId: string,
): Promise<HistoryPair> {
  const id = await insertPair(trx, {
    baseTokenId,
    quoteTokenId,
    tickSize: coin.tickSize,
    lotSize: coin.lotSize,
    minNotional: coin.minNotional ?? DEMO_MIN_NOTIONAL,
  });
  const tickUnits = parseAmount(coin.tickSize) as bigint;
  const lotUnits = parseAmount(coin.lotSize) as bigint;
  return { id, tickUnits, lotUnits, notionalUnit: (tickUnits * lotUnits) / ledgerOne };
}

/** Verified, identity approved; an account that already exists is kept as it is. */
async function ensureUser(
  trx: Tx,
  account: DemoAccount,
  hashes: Map<string, string>,
  now: Date,
): Promise<void> {
  if (await findUserByEmail(trx, account.email)) return;
  const user: NewUser = {
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    phone: null,
    passwordHash: hashes.get(account.email) as string,
    role: account.role,
    emailVerifiedAt: now,
    verificationStatus: 'approved',
  };
  await insertUser(trx, user);
}

/** One statement per pair: a column array each through unnest is several times quicker than VALUES. */
async function insertCandles(trx: Tx, rows: Insertable<CandlesTable>[]): Promise<void> {
  const column = <K extends keyof CandlesTable>(key: K) => rows.map((r) => r[key]);
  await sql`
    insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
    select * from unnest(
      ${column('pair_id')}::uuid[], ${rows.map((r) => r.bucket.toISOString())}::timestamptz[],
      ${column('open')}::numeric[], ${column('high')}::numeric[], ${column('low')}::numeric[],
      ${column('close')}::numeric[], ${column('volume')}::numeric[], ${column('quote_volume')}::numeric[])`.execute(
    trx,
  );
}
