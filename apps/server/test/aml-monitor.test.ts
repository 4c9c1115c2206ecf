import { describe, expect, it } from 'vitest';
import { amlIdle } from '../src/modules/aml/monitor.js';
import { caseList } from '../src/modules/aml/repository.js';
import { btcAt30k, chainDeposit } from './support/aml.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member } from './support/members.js';

/**
 * Issue 52 item 3: the AML rules run on the core's funds events, off the writer's path, and open
 * one case per pattern; ordinary funding and trading open none.
 */
describe.each(BACKENDS)('AML monitoring on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  const deposit = (userId: string, tokenId: string, amount: string) =>
    chainDeposit(t, userId, tokenId, amount);
  const casesOf = async (userId: string) =>
    (await caseList(t.database.db)).filter((c) => c.user_ids.includes(userId));

  it('opens one structuring case for deposits just under ₹10 lakh, however many follow', async () => {
    const user = await member(t, { pan: true });
    // 11,000 USDT at the ₹88 reference rate: ₹9,68,000 each, just under the ₹10 lakh line.
    for (let i = 0; i < 3; i++) await deposit(user.id, ids.usdt, '11000');
    await amlIdle(t.app.ctx);
    expect(await casesOf(user.id)).toEqual([
      expect.objectContaining({
        rule: 'structuring',
        risk: 'high',
        status: 'open',
        subject: user.id,
        facts: { deposits: 3, total: '2904000.00', threshold: '1000000.00' },
      }),
    ]);
    await deposit(user.id, ids.usdt, '11000');
    await amlIdle(t.app.ctx);
    expect(await casesOf(user.id)).toHaveLength(1);
  });

  it('opens none for ordinary funding and trading', async () => {
    const [buyer, seller] = [await member(t, { pan: true }), await member(t, { pan: true })];
    // ₹4,40,000 and ₹10,56,000: neither just under the line.
    await deposit(buyer.id, ids.usdt, '5000');
    await deposit(buyer.id, ids.usdt, '12000');
    await fund(t, buyer, ids.usdt, '5000');
    await fund(t, seller, ids.btc, '1');
    const order = (token: string, side: 'buy' | 'sell') => btcAt30k(t, token, side, '0.1');
    expect((await order(seller.token, 'sell')).statusCode).toBe(200);
    expect((await order(buyer.token, 'buy')).json().data.status).toBe('filled');
    await amlIdle(t.app.ctx);
    expect(await casesOf(buyer.id)).toEqual([]);
    expect(await casesOf(seller.id)).toEqual([]);
  });
});
