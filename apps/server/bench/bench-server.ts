import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
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

export interface BenchMarket {
  url: string;
  port: number;
  env: Record<string, string>;
  database: DatabaseHandle;
  users: { id: string; token: string }[];
  dispose(): Promise<void>;
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: LOCAL_PG });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A database with BTC, USDT, the BTCUSDT pair and `count` funded, verified users with sessions. */
export async function prepareMarket(count: number): Promise<BenchMarket> {
  let databaseUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (!databaseUrl) {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    databaseUrl = LOCAL_PG.replace(/\/postgres$/, `/${name}`);
    dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-'));
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
    DEMO: 'false',
  };
  const database = connectDatabase({ url: databaseUrl });
  const app = await buildApp(
    { ...loadConfig({ ...process.env, ...env }), webDist: null },
    { database },
  );
  const db = database.db;
  const usdt = await insertToken(db, {
    name: 'Tether USD',
    shortName: 'USDT',
    decimals: 6,
    networks: [],
  });
  const btc = await insertToken(db, {
    name: 'Bitcoin',
    shortName: 'BTC',
    decimals: 8,
    networks: [],
  });
  await insertPair(db, {
    baseTokenId: btc,
    quoteTokenId: usdt,
    tickSize: '0.01',
    lotSize: '0.00001',
  });
  await app.ctx.core.refreshMarkets();
  const users = [];
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < count; i++) {
    const user = await insertUser(db, {
      email: `bench${i}.${randomBytes(3).toString('hex')}@example.com`,
      first_name: 'Bench',
      last_name: String(i),
      phone: null,
      password_hash: 'not-used',
      email_verified_at: new Date(),
      verification_request_status: 'approved',
    });
    const sessionId = await insertSession(
      db,
      { userId: user.id, expiresAt, ip: null, userAgent: null },
      new Date(),
    );
    const token = await app.ctx.tokens.sign({ userId: user.id, sessionId }, expiresAt);
    for (const [tokenId, amount] of [
      [usdt, '100000000'],
      [btc, '100000'],
    ] as const) {
      await grantFunds(app.ctx.core, {
        userId: user.id,
        tokenId,
        amount: parseAmount(amount)!,
        wallet: 'spot',
      });
    }
    users.push({ id: user.id, token });
  }
  await app.close();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    env,
    database,
    users,
    dispose: async () => {
      await database.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server as its own process, as in production. */
export async function startServer(market: BenchMarket): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir> writes a CPU profile of the server, to see where its time goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--conditions=source', '--import', 'tsx', serverEntry],
    {
      env: { ...process.env, ...market.env, NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${market.url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}
