import { describe, expect, it } from 'vitest';
import { amlIdle } from '../src/modules/aml/monitor.js';
import { caseList } from '../src/modules/aml/repository.js';
import { btcAt30k } from './support/aml.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member } from './support/members.js';

/**
 * Issue 52: the market's durable trades are told to the AML monitor, which judges each trader's
 * day against their history on a later turn (the order path never waits for it).
 */
describe.each(BACKENDS)('AML volume spike on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  /** Two new members trade `volume` BTC at 30,000 USDT; their ids. */
  const trade = async (volume: string) => {
    const [buyer, seller] = [await member(t, { pan: true }), await member(t, { pan: true })];
    await fund(t, buyer, ids.usdt, '10000');
    await fund(t, seller, ids.btc, '1');
    const order = (token: string, side: 'buy' | 'sell') => btcAt30k(t, token, side, volume);
    expect((await order(seller.token, 'sell')).statusCode).toBe(200);
    expect((await order(buyer.token, 'buy')).json().data.status).toBe('filled');
    await amlIdle(t.app.ctx);
    return [buyer.id, seller.id];
  };
  const spikes = async (userIds: string[]) =>
    (await caseList(t.database.db)).filter(
      (c) => c.rule === 'volume_spike' && userIds.includes(c.subject),
    );

  it('opens a case for each side of a new account’s first ₹5 lakh day', async () => {
    // 0.2 BTC at 30,000 USDT: 6,000 USDT, ₹5,28,000 at ₹88, with no history before it.
    const [buyer, seller] = await trade('0.2');
    const found = await spikes([buyer!, seller!]);
    expect(found.map((c) => c.subject).sort()).toEqual([buyer, seller].sort());
    expect(found[0]).toMatchObject({
      risk: 'medium',
      facts: { today: '528000.00', daily_average: '0.00', history_days: 30 },
    });
  });

  it('opens none for ordinary trading', async () => {
    // 0.005 BTC: 150 USDT, ₹13,200.
    expect(await spikes(await trade('0.005'))).toEqual([]);
  });
});
