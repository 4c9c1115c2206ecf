import type { WalletType } from '@exchange/contracts';
import { parseAmount } from '../../src/core/money.js';
import { grantFunds } from '../../src/demo/grant-funds.js';
import { insertPair } from '../../src/modules/listings/repository.js';
import { insertToken, refreshMarkets } from './listings.js';
import type { Member } from './members.js';
import type { TestApp } from './test-app.js';

/** BTC and USDT, and the BTCUSDT pair (tick 0.01, lot 0.00001, 0.1% fees), live in the core. */
export async function listBtcUsdt(t: TestApp, minNotional = '0') {
  const db = t.database.db;
  const usdt = await insertToken(db, {
    name: 'Tether USD',
    shortName: 'USDT',
    decimals: 6,
    networks: [
      {
        network: 'ethereum',
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        decimals: 6,
      },
    ],
  });
  const btc = await insertToken(db, {
    name: 'Bitcoin',
    shortName: 'BTC',
    decimals: 8,
    networks: [],
  });
  const pair = await insertPair(db, {
    baseTokenId: btc,
    quoteTokenId: usdt,
    tickSize: '0.01',
    lotSize: '0.00001',
    minNotional,
  });
  await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
  return { usdt, btc, pair };
}

/** Credits a user's wallet through the core: a confirmed deposit, then a transfer to spot. */
export async function fund(
  t: TestApp,
  user: Member,
  tokenId: string,
  amount: string,
  wallet: WalletType = 'spot',
) {
  const units = parseAmount(amount);
  if (units === null) throw new Error(`bad amount ${amount}`);
  await grantFunds(t.app.ctx.core, { userId: user.id, tokenId, amount: units, wallet });
}
