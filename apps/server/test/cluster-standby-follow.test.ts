import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandbyFollower } from '../src/cluster/standby-follower.js';
import { CoreState } from '../src/core/core-state.js';
import { loadCoreState } from '../src/core/load.js';
import { BACKENDS } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, testConfig, type TestApp } from './support/test-app.js';

/**
 * A standby core follows the database (issue 34): read whole once, then only the rows written
 * since; the memory built from its copy at takeover is the memory a full load builds.
 */
describe.each(BACKENDS)("a standby's tail-only catch-up on %s", (kind) => {
  let t: TestApp;
  let seller: Member;
  let buyer: Member;
  const tax = { tds: testConfig().tds, now: new Date() };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await listBtcUsdt(t);
    seller = await member(t);
    buyer = await member(t);
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '100000');
    // Rows the tail must not send again: other traders' funded accounts.
    for (let i = 0; i < 5; i++) await fund(t, await member(t), ids.usdt, '10');
  });
  afterAll(() => t.close());

  const order = (token: string, side: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });

  /** What a core's memory holds, to compare two of them. */
  const view = (s: CoreState) => ({
    // Accounts a command only looked at exist in the live memory alone, at zero.
    accounts: [...s.accounts.all()]
      .filter((a) => a.available !== 0n || a.locked !== 0n)
      .map((a) => `${a.id} ${a.available} ${a.locked}`)
      .sort(),
    open: [...s.trading.openOrders.values()].map((o) => `${o.id} ${o.filled} ${o.held}`).sort(),
    nextOrderId: s.trading.nextOrderId,
    pendingWithdrawals: [...s.pendingWithdrawals.keys()].sort(),
    locked: [...s.lockedUsers.keys()].sort(),
  });

  it('reads only what changed since it last looked, and builds the memory a full load builds', async () => {
    const { core } = t.app.ctx;
    await core.sequencer.idle();
    const follower = new StandbyFollower(t.database.db);
    const first = await follower.follow();
    expect(first).toBeGreaterThan(10);

    // Orders rest, fill and are cancelled; a user is locked.
    expect((await order(seller.token, 'sell', '30000', '0.01')).statusCode).toBe(200);
    expect((await order(buyer.token, 'buy', '30000', '0.004')).statusCode).toBe(200);
    const resting = (await order(seller.token, 'sell', '31000', '0.02')).json<{
      data: { _id: string };
    }>();
    const cancel = await authed(t, 'PATCH', `/orders/spot/${resting.data._id}`, seller.token, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    await core.sequencer.idle();

    const tail = await follower.follow();
    // The two traders' accounts, the fee account and the three orders; not the other five.
    expect(tail).toBeGreaterThan(0);
    expect(tail).toBeLessThan(first);
    expect(await follower.follow()).toBe(0);

    const followed = new CoreState();
    await follower.load({ state: followed, tokens: core.tokens }, tax);
    const loaded = new CoreState();
    await loadCoreState(t.database.db, loaded, core.tokens, tax);
    expect(view(followed)).toEqual(view(loaded));
    expect(view(followed)).toEqual(view(core.state));
    expect(view(followed).open).toHaveLength(1);
  });
});
