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
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { listBenchMarket } from './bench-market.js';

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
  BINANCE_WEIGHT_PER_MINUTE: '100000000',
  BINANCE_ORDERS_PER_10S: '100000000',
  BINANCE_ORDERS_PER_DAY: '100000000',
  // Every bench client connects from this machine's one address.
  FEED_MAX_SOCKETS_PER_ADDRESS: '100000',
  FEED_HANDSHAKES_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
  DEMO: 'false',
  KYC_REQUIRED: 'false',
});
const app = await buildApp({ ...config, webDist: null }, { database });
const tokens = (await listBenchMarket(app, TRADERS)).map((t) => t.token);

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
