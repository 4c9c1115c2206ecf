import { parseAmount } from '../../src/core/money.js';
import { claimDeposit } from '../../src/modules/deposits/commands.js';
import { authed } from './members.js';
import { txHash } from './reviews.js';
import type { TestApp } from './test-app.js';

/** A deposit seen on chain and credited, as the scanner credits one: the core tells of it. */
export function chainDeposit(t: TestApp, userId: string, tokenId: string, amount: string) {
  const units = parseAmount(amount);
  if (units === null) throw new Error(`bad amount ${amount}`);
  return t.app.ctx.core.sequencer.submit(
    claimDeposit(
      {
        userId,
        tokenId,
        network: 'ethereum',
        senderAddress: `0x${'11'.repeat(20)}`,
        txHash: txHash(),
        logIndex: 0,
        amount: units,
      },
      true,
    ),
  );
}

/** A limit order on BTCUSDT at 30,000 USDT, as the web app places one. */
export const btcAt30k = (t: TestApp, token: string, side: 'buy' | 'sell', volume: string) =>
  authed(t, 'POST', '/orders/spot', token, {
    symbol: 'BTCUSDT',
    order_type: 'limit',
    trade_type: side,
    price: '30000',
    volume,
  });
