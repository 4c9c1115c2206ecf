import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { SERVER_NODE_FLAGS } from '../src/config/node-flags.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { freePort } from '../test/support/free-port.js';
import { countPostgresOf } from './cpu-usage.js';
import { listBenchMarket } from './bench-market.js';

export interface BenchMarket {
  url: string;
  port: number;
  env: Record<string, string>;
  database: DatabaseHandle;
  users: { id: string; token: string }[];
  dispose(): Promise<void>;
}

/**
 * The PostgreSQL server a bench makes its fresh databases on: the local one, or
 * `BENCH_POSTGRES_URL` (an instance of one's own, e.g. with pg_stat_statements for bench:profile).
 */
export const LOCAL_PG =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: LOCAL_PG });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** PostgreSQL's CPU in a bench is that of the instance at `url` only (cpu-usage.ts). */
async function meterPostgresAt(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // While the backend lives: its parent is the postmaster.
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    countPostgresOf(rows[0]!.pid);
  } finally {
    await client.end();
  }
}

/** `DATABASE_URL`, or a fresh database on the local server that `drop` removes afterwards. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  await meterPostgresAt(process.env.DATABASE_URL || LOCAL_PG);
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: LOCAL_PG.replace(/\/[^/]*$/, `/${name}`),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** A database with BTC, USDT, the BTCUSDT pair and `count` funded, verified users with sessions. */
export async function prepareMarket(count: number): Promise<BenchMarket> {
  const { url: databaseUrl, drop: dropDatabase } = await benchDatabase();
  const seeded = await seedMarket(count, { url: databaseUrl }, { DATABASE_URL: databaseUrl });
  const database = connectDatabase({ url: databaseUrl });
  return {
    ...seeded,
    database,
    dispose: async () => {
      await database.close();
      await dropDatabase();
      await fs.rm(seeded.env.DATA_DIR!, { recursive: true, force: true });
    },
  };
}

/**
 * The same market on the embedded database (PGlite in DATA_DIR/pglite): one process owns its
 * folder, so the bench opens it (`openDatabase`) only while no server runs.
 */
export async function prepareEmbeddedMarket(
  count: number,
): Promise<Omit<BenchMarket, 'database'> & { openDatabase(): DatabaseHandle }> {
  // Empty, not unset: a DATABASE_URL in this shell must not point the server at PostgreSQL.
  const seeded = await seedMarket(count, null, { DATABASE_URL: '' });
  const target = { pgliteDir: path.join(seeded.env.DATA_DIR!, 'pglite') };
  return {
    ...seeded,
    openDatabase: () => connectDatabase(target),
    dispose: () => fs.rm(seeded.env.DATA_DIR!, { recursive: true, force: true }),
  };
}

/** A fresh DATA_DIR and port, and the market made in the database by a server of its own. */
async function seedMarket(
  count: number,
  target: { url: string } | null,
  databaseEnv: Record<string, string>,
): Promise<Pick<BenchMarket, 'url' | 'port' | 'env' | 'users'>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-'));
  const port = await freePort();
  const env = {
    ...databaseEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000000',
    BINANCE_WEIGHT_PER_MINUTE: '100000000',
    BINANCE_ORDERS_PER_10S: '100000000',
    BINANCE_ORDERS_PER_DAY: '100000000',
    // Every client of a benchmark shares one address (bench:orders-ws opens a socket a client).
    FEED_MAX_SOCKETS_PER_ADDRESS: '100000',
    FEED_HANDSHAKES_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    DEMO: 'false',
  };
  const setup = connectDatabase(target ?? { pgliteDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(
    { ...loadConfig({ ...process.env, ...env }), webDist: null },
    { database: setup },
  );
  const users = await listBenchMarket(app, count);
  await app.close();
  // Its writer connection holds the writer lock, which the server's process must take.
  await setup.close();
  return { url: `http://127.0.0.1:${port}`, port, env, users };
}

/** The server as its own process, as in production. */
export async function startServer(
  market: Pick<BenchMarket, 'url' | 'env'>,
  /** Another checkout's server (its root folder), to compare commits in one run. */
  root?: string,
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir> writes a CPU profile of the server, to see where its time goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_NODE_FLAGS="--flag …" adds Node/V8 flags to the server's own, to compare settings.
  const flags = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      ...flags,
      '--conditions=source',
      '--import',
      'tsx',
      root ? path.join(root, 'apps/server/src/server.ts') : serverEntry,
    ],
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
    if (Date.now() > deadline || child.exitCode !== null) {
      // A server that is still starting would keep this bench's output open after it gave up.
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A prepared market and its server process for `use`; both are gone afterwards. */
export async function withBenchServer(
  users: number,
  use: (market: BenchMarket, server: ChildProcess) => Promise<void>,
): Promise<void> {
  const market = await prepareMarket(users);
  const server = await startServer(market);
  try {
    await use(market, server);
  } finally {
    server.kill('SIGTERM');
    await market.dispose();
  }
}
