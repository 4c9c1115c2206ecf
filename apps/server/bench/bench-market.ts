import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { grantFunds } from '../src/demo/grant-funds.js';
import { parseAmount } from '../src/core/money.js';
import { insertSession } from '../src/modules/sessions/repository.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { insertToken, refreshMarkets } from '../test/support/listings.js';
import { insertUser } from '../src/modules/users/repository.js';

export interface BenchTrader {
  id: string;
  token: string;
}

/**
 * Lists BTC, USDT and BTCUSDT in a running app and makes `count` verified traders with a live
 * session and deep spot balances in both tokens, funded like any user.
 */
export async function listBenchMarket(app: FastifyInstance, count: number): Promise<BenchTrader[]> {
  const { db, core } = app.ctx;
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
  await refreshMarkets(core, db);
  const traders: BenchTrader[] = [];
  const startedAt = new Date();
  const expiresAt = new Date(startedAt.getTime() + 86_400_000);
  for (let i = 0; i < count; i++) {
    const user = await insertUser(db, {
      email: `bench${i}.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Bench',
      lastName: String(i),
      phone: null,
      passwordHash: 'not-used',
      emailVerifiedAt: new Date(),
      verificationStatus: 'approved',
    });
    const sessionId = await insertSession(
      db,
      { userId: user.id, expiresAt, ip: null, userAgent: null },
      startedAt,
    );
    for (const [tokenId, amount] of [
      [usdt, '1000000000'],
      [btc, '100000'],
    ] as const) {
      await grantFunds(core, {
        userId: user.id,
        tokenId,
        amount: parseAmount(amount)!,
        wallet: 'spot',
      });
    }
    traders.push({
      id: user.id,
      token: await app.ctx.tokens.sign({ userId: user.id, sessionId }, startedAt, expiresAt),
    });
  }
  return traders;
}
