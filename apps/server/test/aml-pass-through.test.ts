import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amlIdle } from '../src/modules/aml/monitor.js';
import { caseList } from '../src/modules/aml/repository.js';
import { btcAt30k, chainDeposit } from './support/aml.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';
import { requestWithdrawal, txHash } from './support/reviews.js';

/**
 * Issue 52: the pass-through rule counts the user's trading between their deposits and a paid
 * withdrawal (fills read through the orders module), after commit, off the order path.
 */
describe.each(BACKENDS)('AML pass-through on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  const deposit = (userId: string, amount: string) => chainDeposit(t, userId, ids.usdt, amount);
  /** The user asks to withdraw USDT and an admin pays it by hand. */
  const withdrawPaid = async (user: Member, amount: string) => {
    const admin = await member(t, { role: 'admin' });
    const id = await requestWithdrawal(
      t,
      user,
      amount,
      ids.usdt,
      `0x${randomBytes(20).toString('hex')}`,
    );
    const paid = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {
      tx_hash: txHash(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await amlIdle(t.app.ctx);
  };
  const casesOf = async (userId: string) =>
    (await caseList(t.database.db)).filter((c) => c.user_ids.includes(userId));
  /** The user takes `volume` BTC at 30,000 USDT from a counterparty (0.005: 150 USDT, ₹13,200). */
  const trade = async (user: Member, side: 'buy' | 'sell', volume: string) => {
    const other = await member(t, { pan: true });
    await fund(t, other, ids.btc, '1');
    await fund(t, other, ids.usdt, '1000');
    const order = (token: string, tradeType: 'buy' | 'sell') =>
      btcAt30k(t, token, tradeType, volume);
    expect((await order(other.token, side === 'buy' ? 'sell' : 'buy')).statusCode).toBe(200);
    const taken = await order(user.token, side);
    expect(taken.json().data?.status, taken.body).toBe('filled');
  };
  const transfer = async (user: Member, from: string, to: string, amount: string) => {
    const res = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: from,
      to_wallet: to,
      token_id: ids.usdt,
      amount,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('opens a case for 700 USDT deposited and 560 withdrawn with no trading', async () => {
    const user = await member(t, { pan: true });
    await deposit(user.id, '700');
    await withdrawPaid(user, '560');
    expect(await casesOf(user.id)).toEqual([
      expect.objectContaining({
        rule: 'pass_through',
        risk: 'high',
        subject: user.id,
        facts: { deposited: '61600.00', withdrawn: '49280.00', traded: '0.00', window_hours: 24 },
      }),
    ]);
  });

  it('opens none when the user traded between the deposit and the withdrawal', async () => {
    const user = await member(t, { pan: true });
    await deposit(user.id, '700');
    // Into the spot wallet, a round trip in BTC (270 USDT traded, 39%), and back.
    await transfer(user, 'funding', 'spot', '200');
    await trade(user, 'buy', '0.005');
    await trade(user, 'sell', '0.004');
    await transfer(user, 'spot', 'funding', '140');
    await withdrawPaid(user, '600');
    expect(await casesOf(user.id)).toEqual([]);
  });
});
