import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPair } from '../src/modules/listings/repository.js';
import { soloLeft } from '../src/modules/reviews/decide.js';
import { BACKENDS } from './support/databases.js';
import { insertToken, refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { authed, listTestTokens, member, type Member } from './support/members.js';
import { claimDeposit, requestWithdrawal, txHash } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The four-eyes threshold cannot be gamed through a thin market (review N-H2): a coin is valued
 * by its USDT pair's 24 h VWAP and median trade only when the pair traded enough, and what one
 * admin approves alone is capped per day. Here: second approval above 100 USDT, a pair trusted
 * from 50 USDT traded in 24 h, and 250 USDT a day alone per admin.
 */
describe.each(BACKENDS)('four-eyes against market games on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        WITHDRAWAL_SECOND_APPROVAL_USDT: '100',
        DEPOSIT_SECOND_APPROVAL_USDT: '100',
        REVIEW_MIN_VOLUME_USDT: '50',
        ADMIN_SOLO_DAILY_USDT: '250',
      },
    });
    ({ usdt } = await listTestTokens(t));
    alice = await member(t, { role: 'admin' });
    bob = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** A new coin on Ethereum and its USDT pair (lot 1, tick 0.0001), untraded. */
  async function listCoin(shortName: string): Promise<string> {
    const id = await insertToken(t.database.db, {
      name: `Coin ${shortName}`,
      shortName,
      decimals: 8,
      networks: [
        {
          network: 'ethereum',
          contractAddress: `0x${randomBytes(20).toString('hex')}`,
          decimals: 8,
        },
      ],
    });
    await insertPair(t.database.db, {
      baseTokenId: id,
      quoteTokenId: usdt,
      tickSize: '0.0001',
      lotSize: '1',
    });
    await refreshMarkets(t.app.ctx.core, t.database.db);
    return id;
  }

  /** `seller` sells `volume` of the coin to `buyer` at `price`: one printed trade. */
  async function printTrade(
    symbol: string,
    seller: Member,
    buyer: Member,
    price: string,
    volume: string,
  ) {
    const order = (user: Member, side: 'buy' | 'sell') =>
      authed(t, 'POST', '/orders/spot', user.token, {
        symbol,
        order_type: 'limit',
        trade_type: side,
        price,
        volume,
      });
    expect((await order(seller, 'sell')).statusCode).toBe(200);
    const taken = await order(buyer, 'buy');
    expect(taken.json()).toMatchObject({ data: { status: 'filled' } });
  }

  const confirm = (admin: Member, id: string) =>
    authed(t, 'POST', `/admin/deposits/${id}/confirm`, admin.token, {});

  it("needs two admins after the review's attack: one printed trade at a tiny price", async () => {
    const z = await listCoin('ZED');
    const [seller, buyer] = [await member(t), await member(t)];
    await fund(t, seller, z, '100000');
    await fund(t, buyer, usdt, '20');
    await printTrade('ZEDUSDT', seller, buyer, '0.0001', '100000');

    // 10,000,000 ZED would be "worth" 1,000 USDT at the printed price; no chain evidence.
    const deposit = await claimDeposit(t, buyer, '10000000', z, txHash());
    const first = await confirm(alice, deposit);
    expect(first.json()).toMatchObject({
      data: { status: 'pending', approvals_required: 2, value_usdt: null },
    });

    await fund(t, buyer, z, '10000000', 'funding');
    const withdrawal = await requestWithdrawal(t, buyer, '10000000', z);
    const approved = await authed(
      t,
      'POST',
      `/admin/withdrawals/${withdrawal}/approve`,
      alice.token,
      {
        tx_hash: txHash(),
      },
    );
    expect(approved.json()).toMatchObject({
      data: { status: 'pending', approvals_required: 2, value_usdt: null },
    });
  });

  it('values a coin whose pair traded enough, and one printed trade does not move it', async () => {
    const z = await listCoin('LIQ');
    const [seller, buyer] = [await member(t), await member(t)];
    await fund(t, seller, z, '1000');
    await fund(t, buyer, usdt, '100');
    for (let i = 0; i < 10; i++) await printTrade('LIQUSDT', seller, buyer, '2', '3');
    await printTrade('LIQUSDT', seller, buyer, '0.0001', '900');

    const user = await member(t);
    const small = await claimDeposit(t, user, '10', z, txHash());
    expect((await confirm(bob, small)).json()).toMatchObject({
      data: { status: 'confirmed', approvals_required: 1, value_usdt: '20' },
    });
    // 60 LIQ at the printed 0.0001 would be 0.006 USDT; at the market's 2 it is above 100.
    const large = await claimDeposit(t, user, '60', z, txHash());
    expect((await confirm(bob, large)).json()).toMatchObject({
      data: { status: 'pending', approvals_required: 2, value_usdt: '120' },
    });
  });

  it('caps what one admin approves alone in a day; past it, a second admin is needed', async () => {
    const carol = await member(t, { role: 'admin' });
    const user = await member(t);
    for (const amount of ['100', '100']) {
      const id = await claimDeposit(t, user, amount, usdt, txHash());
      expect((await confirm(carol, id)).json()).toMatchObject({ data: { status: 'confirmed' } });
    }
    // 200 of 250 used: a 60 USDT deposit is over what Carol may still approve alone.
    const id = await claimDeposit(t, user, '60', usdt, txHash());
    const queue = (admin: Member) =>
      authed(t, 'GET', `/admin/deposits?status=pending&search=${user.email}`, admin.token);
    expect((await queue(carol)).json().data).toMatchObject([{ _id: id, approvals_required: 2 }]);
    expect((await queue(bob)).json().data).toMatchObject([{ _id: id, approvals_required: 1 }]);
    expect((await confirm(carol, id)).json()).toMatchObject({
      data: { status: 'pending', approvals_required: 2 },
    });
    expect((await confirm(bob, id)).json()).toMatchObject({ data: { status: 'confirmed' } });

    // The day is a rolling 24 hours: then Carol's whole cap is back.
    expect(await soloLeft(t.app.ctx, carol.id)).toBe(50n * 10n ** 18n);
    t.clock.advance(86_400_001);
    expect(await soloLeft(t.app.ctx, carol.id)).toBe(250n * 10n ** 18n);
  });
});
