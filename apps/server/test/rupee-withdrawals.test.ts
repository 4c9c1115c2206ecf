import { REVIEW_MESSAGES, RUPEE_MESSAGES as M } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { payoutsOpen, rahul, verifiedBankAccount } from './support/rupee.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Rupee withdrawals (issue 31): to a verified account only, held at request, within the daily
 * limit; approved (four-eyes by value), paid through the payout file and marked paid with the UTR,
 * or rejected and refunded.
 */
describe.each(BACKENDS)('rupee withdrawals on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let second: Member;
  let inr: string;

  beforeAll(async () => {
    // A new payout account's hold (review N4-L6) is a fraction of a second here: n4-l6 tests it.
    t = await createTestApp(kind, {
      env: { INR_WITHDRAWAL_DAILY_LIMIT: '300000', SECURITY_HOLD_HOURS: '0.0002' },
    });
    admin = await member(t, { role: 'admin' });
    second = await member(t, { role: 'admin' });
    inr = t.app.ctx.core.tokens.get('INR').id;
  });
  afterAll(() => t.close());

  async function rich(rupees: string) {
    const user = await rahul(t);
    await fund(t, user, inr, rupees, 'funding');
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'Rahul Sharma',
      number: `9${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    });
    await payoutsOpen(t, user, account);
    return { user, account };
  }

  const withdraw = (user: Member, account: string, amount: string) =>
    authed(t, 'POST', '/inr/withdraw', user.token, { bank_account_id: account, amount });

  async function funding(user: Member) {
    const res = await authed(t, 'GET', `/wallets?token_id=${inr}`, user.token);
    const b = (
      res.json().data[0].balances as {
        wallet_type: string;
        amount: string;
        locked_balance: string;
      }[]
    ).find((x) => x.wallet_type === 'funding');
    return [b?.amount ?? '0', b?.locked_balance ?? '0'];
  }

  it('holds once for a request retried with its Idempotency-Key, answering 201 both times', async () => {
    const { user, account } = await rich('5000');
    const once = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/inr/withdraw',
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'inr-retry-1' },
        payload: { bank_account_id: account, amount: '700' },
      });
    const first = await once();
    expect(first.statusCode, first.body).toBe(201);
    const retry = await once();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await funding(user)).toEqual(['4300', '700']);
  });

  it('holds, approves, lists in the payout file and pays with the UTR', async () => {
    const { user, account } = await rich('5000');
    const res = await withdraw(user, account, '1200.50');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    expect(res.json().data).toMatchObject({ status: 'pending', network: 'bank' });
    expect(await funding(user)).toEqual(['3799.5', '1200.5']);

    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
    expect(approved.json().data, approved.body).toMatchObject({ status: 'processing' });
    // W4-6: the approval says where the withdrawal went, not that a second admin must approve.
    expect(approved.json().message).toBe(REVIEW_MESSAGES.payoutQueued);
    const again = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, second.token, {});
    expect(again.statusCode).toBe(409);

    const file = await authed(t, 'GET', '/admin/bank-transfers/payout-file', admin.token);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    // The beneficiary is named as the bank returned the name (penny drop).
    expect(file.body).toContain(`IMPS,RAHUL SHARMA,`);
    expect(file.body).toContain(`,HDFC0001234,1200.50,${id},${user.email}`);

    const paid = await authed(
      t,
      'POST',
      `/admin/bank-transfers/withdrawals/${id}/paid`,
      admin.token,
      {
        utr: 'HDFCR52026112700001',
      },
    );
    expect(paid.json().data, paid.body).toMatchObject({
      status: 'approved',
      tx_hash: 'HDFCR52026112700001',
    });
    expect(await funding(user)).toEqual(['3799.5', '0']);
    const history = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    // W4-14: the history names the bank and the masked account, not the account's id.
    expect(history.json().data[0]).toMatchObject({ _id: id, status: 'approved', address: account });
    expect(history.json().data[0].payee).toMatch(/^HDFC Bank XXXX\d{4}$/);
    expect(
      (await authed(t, 'GET', '/admin/bank-transfers/payout-file', admin.token)).body,
    ).not.toContain(id);
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });

  it('refunds a rejected withdrawal, also once approved', async () => {
    const { user, account } = await rich('1000');
    const id = (await withdraw(user, account, '400')).json().data._id as string;
    await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
    const rejected = await authed(t, 'POST', `/admin/withdrawals/${id}/reject`, second.token, {
      reason: 'The bank returned the payment: account closed',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected' });
    expect(await funding(user)).toEqual(['1000', '0']);
  });

  it('refuses less than the minimum rupee withdrawal, in the user’s language (review I4-5)', async () => {
    const { user, account } = await rich('1000');
    for (const amount of ['0.01', '99.99']) {
      const res = await withdraw(user, account, amount);
      expect(res.json(), amount).toMatchObject({ status: 400, message: M.withdrawMinimum });
    }
    const hindi = await t.request({
      method: 'POST',
      url: '/api/v1/inr/withdraw',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'hi' },
      payload: { bank_account_id: account, amount: '5' },
    });
    expect(hindi.json().message).toBe('रुपये की सबसे छोटी निकासी ₹100 की है');
    expect(await funding(user)).toEqual(['1000', '0']);
    expect((await withdraw(user, account, '100')).statusCode).toBe(201);
  });

  it('pays only to the user’s own verified account, within the daily limit', async () => {
    const { user, account } = await rich('400000');
    const other = await rich('10');
    expect((await withdraw(user, other.account, '100')).statusCode).toBe(400);
    expect((await withdraw(user, account, '250000')).statusCode).toBe(201);
    // W4-15: the dialog shows the day's limit, what is left of it and the fee before sending.
    const limits = await authed(t, 'GET', '/inr/withdraw/limits', user.token);
    expect(limits.json().data, limits.body).toEqual({
      daily_limit: '300000',
      left: '50000',
      fee: '0',
      minimum: '100',
    });
    const over = await withdraw(user, account, '60000');
    expect(over.json()).toMatchObject({
      status: 400,
      message: 'Over the daily limit of ₹300000: you can withdraw ₹50000 more today',
    });
    expect((await withdraw(user, account, '50000')).statusCode).toBe(201);
    expect(await funding(user)).toEqual(['100000', '300000']);
  });
});
