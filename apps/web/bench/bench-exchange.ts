import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO } from '../e2e/server.js';

const SYMBOL = 'BTCUSDT';
/** The demo accounts' password (demo@ and admin@exchange.local) on a bench server. */
export const BENCH_DEMO_PASSWORD = 'AdminDemo2025';
const ADMIN = { email: 'admin@exchange.local', password: BENCH_DEMO_PASSWORD };
const PASSWORD = 'BenchTrader2025';

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface Exchange {
  url: string;
  database: 'PostgreSQL' | 'PGlite';
  call<T>(method: string, route: string, body?: unknown, token?: string): Promise<Envelope<T>>;
  stop(): Promise<void>;
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432';

/**
 * `DATABASE_URL`, else a fresh database on the local PostgreSQL (dropped afterwards) as the other
 * benchmarks use, else '' (the embedded database, slower under a flow of orders).
 */
function benchDatabase(): { url: string; drop(): void } {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: () => {} };
  const name = `web_bench_${randomBytes(4).toString('hex')}`;
  const psql = (sql: string) =>
    spawnSync('psql', [`${LOCAL_PG}/postgres`, '-qc', sql], { stdio: 'ignore' }).status === 0;
  if (!psql(`create database ${name}`)) return { url: '', drop: () => {} };
  return {
    url: `${LOCAL_PG}/${name}`,
    drop: () => void psql(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The built app (`npm run build` first when missing) with the demo market, as `npm start` runs
 * it, on a fresh database (`embedded`: the embedded one in the fresh data folder, as a first
 * `npm start`); identity checks off so bench traders need no documents. `webDist`: another
 * build of the web app to serve (a baseline to compare with).
 */
export async function startExchange(
  options: { embedded?: boolean; webDist?: string } = {},
): Promise<Exchange> {
  const built = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];
  if (!built.every((f) => fs.existsSync(path.join(REPO, f)))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-'));
  const database = options.embedded ? { url: '', drop: () => {} } : benchDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(REPO, 'apps/server/dist/server.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '1',
      // Demo passwords are generated per data folder unless given.
      DEMO_PASSWORD: ADMIN.password,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      KYC_REQUIRED: '0',
      // One admin funds each trader with one deposit; the four-eyes rule is not what is measured.
      DEPOSIT_SECOND_APPROVAL_USDT: '1000000000000',
      ADMIN_SOLO_DAILY_USDT: '1000000000000',
      // The admin confirms deposits by API without an authenticator code (walk-3 D2's default).
      ADMIN_SECOND_FACTOR: '0',
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    database.drop();
  };
  const call = async <T>(method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    const ok = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, database: database.url ? 'PostgreSQL' : 'PGlite', call, stop };
}

/** A signed-in trader, registered and verified the way a user is, with the code from the outbox. */
async function registerTrader(ex: Exchange, n: number): Promise<string> {
  const email = `bench-${n}-${randomBytes(3).toString('hex')}@example.com`;
  await ex.call('POST', '/auth/register', {
    first_name: 'Bench',
    last_name: `Trader${n}`,
    email,
    phone: '9876543210',
    password: PASSWORD,
  });
  // Mail leaves off the request's path: on a loaded machine the code lands a moment later.
  let otp: string | undefined;
  for (let tries = 0; !otp && tries < 40; tries++) {
    if (tries > 0) await new Promise((r) => setTimeout(r, 250));
    const outbox = await ex.call<{ text: string }[]>('GET', `/dev/outbox?email=${email}`);
    otp = outbox.data[0]?.text.match(/\b(\d{6})\b/)?.[1];
  }
  if (!otp) throw new Error(`no registration code for ${email} in the outbox`);
  await ex.call('POST', '/auth/otp/validate', { email, otp, otp_for: 'registration' });
  const login = await ex.call<{ access_token: string }>('POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  return login.data.access_token;
}

/** Funds a trader's spot wallet through a deposit the admin confirms, like any user's. */
async function fund(ex: Exchange, token: string, admin: string, tokenId: string, amount: string) {
  let refusal = '';
  // The first network the coin can be deposited on.
  for (const network of ['ethereum', 'bsc', 'polygon']) {
    const deposit = await ex.call<{ _id: string }>(
      'POST',
      '/transactions/deposit/verify',
      {
        network,
        sender_address: `0x${randomBytes(20).toString('hex')}`,
        transaction_hash: `0x${randomBytes(32).toString('hex')}`,
        amount,
        token_id: tokenId,
      },
      token,
    );
    refusal = deposit.message;
    if (!deposit.success) continue;
    const confirmed = await ex.call(
      'POST',
      `/admin/deposits/${deposit.data._id}/confirm`,
      {},
      admin,
    );
    if (!confirmed.success) throw new Error(`confirm refused: ${confirmed.message}`);
    const moved = await ex.call(
      'POST',
      '/wallets/transfer',
      { from_wallet: 'funding', to_wallet: 'spot', amount, token_id: tokenId },
      token,
    );
    if (!moved.success) throw new Error(`transfer refused: ${moved.message}`);
    return;
  }
  throw new Error(`deposit refused: ${refusal}`);
}

/** Two funded traders on BTCUSDT. */
export async function benchTraders(ex: Exchange): Promise<string[]> {
  const admin = await ex.call<{ access_token: string }>('POST', '/auth/login', ADMIN);
  const symbols = await ex.call<
    { symbol: string; base_token: { _id: string }; quote_token: { _id: string } }[]
  >('GET', '/symbols?page_size=100');
  const pair = symbols.data.find((s) => s.symbol === SYMBOL);
  if (!pair) throw new Error(`${SYMBOL} is not listed`);
  const tokens = [await registerTrader(ex, 1), await registerTrader(ex, 2)];
  for (const token of tokens) {
    await fund(ex, token, admin.data.access_token, pair.quote_token._id, '5000000');
    await fund(ex, token, admin.data.access_token, pair.base_token._id, '50');
  }
  return tokens;
}

/**
 * Crossing limit orders at `rate` a second on BTCUSDT, open loop: each tick one trader rests an
 * order inside the spread and the other takes it, so every pair of orders is a trade.
 */
export function startOrderFlow(ex: Exchange, tokens: string[], rate: number) {
  let placed = 0;
  let failed = 0;
  let mid = 0;
  const inFlight = new Set<Promise<void>>();
  const failure = { first: '' };
  const refreshMid = async () => {
    const book = await ex.call<{ asks: [string, string][]; bids: [string, string][] }>(
      'GET',
      `/symbols/${SYMBOL}/orderbook?page_size=1`,
    );
    const ask = Number(book.data.asks[0]?.[0] ?? 0);
    const bid = Number(book.data.bids[0]?.[0] ?? 0);
    if (ask && bid) mid = (ask + bid) / 2;
  };
  const place = (token: string, side: 'buy' | 'sell', price: string) => {
    const p = ex
      .call(
        'POST',
        '/orders/spot',
        { symbol: SYMBOL, order_type: 'limit', trade_type: side, price, volume: '0.001' },
        token,
      )
      .then(
        (r) => void (r.success ? placed++ : failed++),
        () => void failed++,
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let n = 0;
  const midTimer = setInterval(() => void refreshMid().catch(() => undefined), 1000);
  const timer = setInterval(() => {
    if (!mid || inFlight.size > 200) return;
    const price = (mid + ((n % 9) - 4) * 0.5).toFixed(2);
    const rester = n % 2 === 0 ? 'sell' : 'buy';
    place(tokens[n % 2] as string, rester, price);
    place(tokens[(n + 1) % 2] as string, rester === 'sell' ? 'buy' : 'sell', price);
    n++;
  }, 2000 / rate);
  return {
    ready: refreshMid(),
    counts: () => ({ placed, failed, firstFailure: failure.first }),
    stop: async () => {
      clearInterval(timer);
      clearInterval(midTimer);
      await Promise.all(inFlight);
    },
  };
}
