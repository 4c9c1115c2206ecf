import { beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * TDS on INR pairs (issue 31, section 194S as Indian exchanges apply it): 1% of the rupees the
 * seller of the crypto receives after the fee; the buyer of the crypto pays none.
 */
describe.each(BACKENDS)('INR pairs on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);

  beforeAll(async () => {
    const { usdt } = ids;
    const inr = t.app.ctx.core.tokens.get('INR');
    expect(inr).toMatchObject({ decimals: 2, networks: [] });
    await insertPair(t.database.db, {
      baseTokenId: usdt,
      quoteTokenId: inr.id,
      tickSize: '0.01',
      lotSize: '0.01',
      minNotional: '100',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
  });

  const order = (user: Member, side: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'USDTINR',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });

  it('charges the USDT seller 1% of the rupees received, the buyer nothing', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t, { pan: true });
    await fund(t, buyer, t.app.ctx.core.tokens.get('INR').id, '10000');
    await fund(t, seller, t.app.ctx.core.tokens.get('USDT').id, '100');
    expect((await order(seller, 'sell', '88.50', '10')).statusCode).toBe(200);
    const bid = await order(buyer, 'buy', '88.50', '10');
    expect(bid.json().data).toMatchObject({ status: 'filled', tds: '0' });
    const sold = (await authed(t, 'GET', '/tax/deductions', seller.token)).json().data;
    // 885 INR less the 0.1% fee (0.885, up to the paisa: 0.89) = 884.11 received; 1% of it
    // (8.8411) up to the paisa = 8.85 (the paisa rule, core/paise.ts).
    expect(sold).toEqual([
      expect.objectContaining({
        symbol: 'USDTINR',
        side: 'sell',
        token: 'INR',
        received: '884.11',
        tds: '8.85',
        received_inr: '884.11',
        tds_inr: '8.85',
        rate: '0.01',
      }),
    ]);
    const bought = (await authed(t, 'GET', '/tax/deductions', buyer.token)).json().data;
    expect(bought).toEqual([expect.objectContaining({ side: 'buy', token: 'USDT', tds: '0' })]);
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });
});
