import { randomBytes } from 'node:crypto';
import type { WalletType } from '@exchange/contracts';
import { parseAmount } from '../../src/core/money.js';
import { claimDeposit, transfer } from '../../src/core/wallet-commands.js';
import { insertPair } from '../../src/modules/pairs/repository.js';
import { insertToken } from '../../src/modules/tokens/repository.js';
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
  await t.app.ctx.core.refreshMarkets();
  return { usdt, btc, pair };
}

/** Credits a user's wallet through the core (a confirmed deposit, then a transfer to spot). */
export async function fund(
  t: TestApp,
  user: Member,
  tokenId: string,
  amount: string,
  wallet: WalletType = 'spot',
) {
  const units = parseAmount(amount);
  if (units === null) throw new Error(`bad amount ${amount}`);
  const { sequencer } = t.app.ctx.core;
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  await sequencer.submit(
    claimDeposit(
      {
        userId: user.id,
        tokenId,
        network: 'ethereum',
        senderAddress: '0x1',
        txHash,
        logIndex: 0,
        amount: units,
      },
      true,
    ),
  );
  if (wallet === 'spot')
    await sequencer.submit(
      transfer({ userId: user.id, tokenId, from: 'funding', to: 'spot', amount: units }),
    );
}
