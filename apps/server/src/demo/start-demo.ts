import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { findUserByEmail, updateUser } from '../modules/users/repository.js';
import type { DemoCredentials } from './credentials.js';
import { findDemoUsers, fundDemoAccounts } from './funding.js';
import { MarketMaker } from './market-maker.js';

/**
 * Once the core and the market data are up: funds the demo accounts (once), prints their
 * credentials and starts the market maker, which stops before the app closes. A database that
 * was not seeded by the demo (no market maker account) gets no market maker.
 */
export async function startDemo(
  app: FastifyInstance,
  ordersPerSecond: number,
  credentials: DemoCredentials,
): Promise<void> {
  const { ctx, log } = app;
  const users = await findDemoUsers(ctx);
  const grants = await fundDemoAccounts(ctx, users);
  if (grants > 0) log.info({ grants }, 'demo accounts funded through confirmed deposits');
  for (const account of credentials.accounts) {
    const user = await findUserByEmail(ctx.db, account.email);
    if (!user) continue;
    // New credentials for a database seeded earlier: the printed password must be the one that works.
    if (credentials.fresh && !(await verifyPassword(account.password, user.passwordHash))) {
      const passwordHash = await hashPassword(account.password);
      await updateUser(ctx.db, user.id, { passwordHash }, ctx.now());
    }
    log.info(
      { email: account.email, password: account.password, role: account.role },
      'demo account',
    );
  }
  if (!users.marketMaker || !users.taker) {
    log.info('demo market maker not started: this database was not seeded by the demo');
    return;
  }
  const maker = new MarketMaker(ctx, log, {
    makerId: users.marketMaker,
    takerId: users.taker,
    ordersPerSecond,
  });
  app.addHook('preClose', () => maker.stop());
  await maker.start(await lastPrices(ctx.db));
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
