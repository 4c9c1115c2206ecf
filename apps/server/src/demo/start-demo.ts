import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { findUserByEmail, updateUser } from '../modules/users/repository.js';
import { enrolDemoAdmin } from './admin-totp.js';
import type { DemoCredentials } from './credentials.js';
import { findDemoUsers, fundDemoAccounts } from './funding.js';
import { fileDemoIdentities } from './identities.js';
import { demoBotKey } from './demo-keys.js';
import { MarketMaker } from './market-maker.js';
import { OrderEntryClient } from './order-entry-client.js';

/**
 * The demo's start, in two steps. This call registers the hooks (before the app serves, as
 * Fastify needs); the step it returns runs once the core and the market data are up, and after
 * a cluster core serves (its scrypt checks are off a takeover's path): it funds the demo accounts
 * and files their approved identity verifications (once each) and prints their credentials.
 * Once the server listens, the market maker connects to its WebSocket order entry with a fresh
 * API key per bot and starts; it stops before the app closes. A database that was not seeded by
 * the demo (no market maker account) gets no market maker.
 */
export function startDemo(
  app: FastifyInstance,
  ordersPerSecond: number,
  credentials: DemoCredentials,
): () => Promise<void> {
  const { ctx, log } = app;
  let bots: { marketMaker: string; taker: string } | null = null;
  let closing = false;
  let starting: Promise<MarketMaker | null> = Promise.resolve(null);
  app.addHook('preClose', async () => {
    closing = true;
    await (await starting)?.stop();
  });
  // The bots are programs on the outside of the API: they connect once the server listens.
  // Started, not awaited: listening does not wait for the first round of quotes.
  app.addHook('onListen', async () => {
    const url = ownUrl(app);
    if (!url || !bots) return;
    const { marketMaker, taker } = bots;
    starting = (async () => {
      const makerKey = await demoBotKey(ctx, marketMaker);
      const takerKey = await demoBotKey(ctx, taker);
      const [makerEntry, takerEntry] = await Promise.all([
        OrderEntryClient.connect(url, makerKey),
        OrderEntryClient.connect(url, takerKey),
      ]);
      const maker = new MarketMaker(ctx, log, {
        makerId: marketMaker,
        takerId: taker,
        ordersPerSecond,
        maker: makerEntry,
        taker: takerEntry,
      });
      if (closing) {
        await maker.stop();
        return null;
      }
      await maker.start(await lastPrices(ctx.db));
      return maker;
    })().catch((err: unknown) => {
      if (!closing) log.error({ err }, 'demo market maker did not start');
      return null;
    });
  });
  return async () => {
    const users = await findDemoUsers(ctx);
    const grants = await fundDemoAccounts(ctx, users);
    if (grants > 0) log.info({ grants }, 'demo accounts funded through confirmed deposits');
    const identities = await fileDemoIdentities(ctx);
    if (identities > 0) log.info({ identities }, 'demo accounts verified with a PAN on record');
    await printAccounts(app, credentials);
    if (users.marketMaker && users.taker)
      bots = { marketMaker: users.marketMaker, taker: users.taker };
    else log.info('demo market maker not started: this database was not seeded by the demo');
  };
}

/** The demo accounts' credentials, printed (a password given anew is set first). */
async function printAccounts(app: FastifyInstance, credentials: DemoCredentials): Promise<void> {
  const { ctx, log } = app;
  for (const account of credentials.accounts) {
    const user = await findUserByEmail(ctx.db, account.email);
    if (!user) continue;
    // New credentials for a database seeded earlier: the printed password must be the one that works.
    if (credentials.fresh && !(await verifyPassword(account.password, user.passwordHash))) {
      const passwordHash = await hashPassword(account.password);
      await updateUser(ctx.db, user.id, { passwordHash }, ctx.now());
    }
    // The admin's money decisions ask for its authenticator code (walk-3 D2): printed with it.
    const totp = account.role === 'admin' ? await enrolDemoAdmin(ctx, user) : null;
    log.info(
      {
        email: account.email,
        password: account.password,
        role: account.role,
        ...(totp ? { authenticator_secret: totp.secret, otpauth_uri: totp.otpauth_uri } : {}),
      },
      'demo account',
    );
  }
}

/** This server's own address, as a program on this machine reaches it. */
function ownUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** Every pair's last trade price, in ledger units. */
async function lastPrices(db: Db): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('trades')
    .select(['pair_id', 'price'])
    .distinctOn('pair_id')
    .orderBy('pair_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.pair_id, BigInt(r.price)]));
}
