/**
 * The server side of `npm run bench:feed`, run as its own process: the whole app on a fresh
 * database (in-memory PGlite, or a new database on DATABASE_URL's server, dropped on exit), with
 * BTCUSDT listed and a few funded traders. Prints one JSON line `{ url, tokens }` once it
 * listens, and closes on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { parseAmount } from '../src/core/money.js';
import { grantFunds } from '../src/core/grant-funds.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { insertSession } from '../src/modules/auth/session-repository.js';
import { insertPair } from '../src/modules/pairs/repository.js';
import { insertToken } from '../src/modules/tokens/repository.js';
import { insertUser } from '../src/modules/users/repository.js';

const TRADERS = Number(process.env.BENCH_TRADERS ?? 4);

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A database of the bench's own, and how to remove it. */
async function openDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: connectDatabase({ pgliteDir: null }), drop: async () => {} };
  const name = `bench_feed_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase({ url: url.toString() });
  return { database, drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`) };
}

const { database, drop } = await openDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-feed-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_MAX: '100000000',
  LOG_LEVEL: 'warn',
  DEMO: 'false',
  KYC_REQUIRED: 'false',
});
const app = await buildApp({ ...config, webDist: null }, { database });
const db = database.db;
const usdt = await insertToken(db, {
  name: 'Tether USD',
  shortName: 'USDT',
  decimals: 6,
  networks: [],
});
const btc = await insertToken(db, { name: 'Bitcoin', shortName: 'BTC', decimals: 8, networks: [] });
await insertPair(db, {
  baseTokenId: btc,
  quoteTokenId: usdt,
  tickSize: '0.01',
  lotSize: '0.00001',
});
await app.ctx.core.refreshMarkets();

const tokens: string[] = [];
const expiresAt = new Date(Date.now() + 86_400_000);
for (let i = 0; i < TRADERS; i++) {
  const user = await insertUser(db, {
    email: `feed-bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
    first_name: 'Bench',
    last_name: String(i),
    phone: '9876543210',
    password_hash: 'not-used',
    role: 'user',
    email_verified_at: new Date(),
    verification_request_status: 'approved',
  });
  const sessionId = await insertSession(
    db,
    { userId: user.id, expiresAt, ip: null, userAgent: null },
    new Date(),
  );
  tokens.push(await app.ctx.tokens.sign({ userId: user.id, sessionId }, expiresAt));
  for (const [tokenId, amount] of [
    [usdt, '1000000000'],
    [btc, '100000'],
  ] as const) {
    await grantFunds(app.ctx.core, {
      userId: user.id,
      tokenId,
      amount: parseAmount(amount)!,
      wallet: 'spot',
    });
  }
}

const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url, tokens })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
