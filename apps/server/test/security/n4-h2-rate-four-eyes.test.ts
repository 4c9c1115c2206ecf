import { describe, expect, it } from 'vitest';
import { insertPair } from '../../src/modules/listings/repository.js';
import { BACKENDS } from '../support/databases.js';
import { refreshMarkets } from '../support/listings.js';
import { fund } from '../support/market.js';
import { useMarketApp } from '../support/market-app.js';
import { authed, member, type Member } from '../support/members.js';
import { payoutsOpen, verifiedBankAccount } from '../support/rupee.js';
import type { TestApp } from '../support/test-app.js';

const HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
let utrSeq = 512345000000;

/** Polls `check` until it holds (the market data follows trades a moment later). */
async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Review 4, N4-H2: four-eyes on rupees was bypassed through the USDT/INR rate one admin sets. The
 * reproduction: one admin raises the rate alone, then alone credits and approves ₹1,50,000 that
 * need two admins. Now a rate beyond the market's band needs a second admin, no rate leaves the
 * hard bounds, and rupees are valued at the lowest of the admin rate, the USDTINR market's own
 * price and the ceiling, so a raised rate never shrinks them.
 */
describe.each(BACKENDS)('N4-H2: the USDT/INR rate and four-eyes on rupees on %s', (kind) => {
  const { t, ids } = useMarketApp(kind, {
    env: { REVIEW_MIN_VOLUME_USDT: '10', SECURITY_HOLD_HOURS: '0.0002' },
  });

  const setRate = (by: Member, rate: string) =>
    authed(t, 'POST', '/admin/tax/usdt-inr-rates', by.token, { rate });
  const rateInForce = async (by: Member) =>
    (await authed(t, 'GET', '/admin/tax/usdt-inr-rates', by.token)).json().data[0];

  /** Mohan Lal with a verified account, a ₹1,50,000 claim and its statement line by `admin`. */
  async function creditLakhAndHalf(admin: Member) {
    const user = await member(t, { name: ['Mohan', 'Lal'] });
    const number = `6010${String(++utrSeq).slice(-8)}`;
    const account = await verifiedBankAccount(t, user, admin, { holder: 'Mohan Lal', number });
    // A payout account opens after the hold on a new account (N4-L6), here under a second.
    await payoutsOpen(t, user, account);
    const utr = String(++utrSeq);
    const claim = await authed(t, 'POST', '/inr/deposit', user.token, {
      utr,
      amount: '150000',
      bank_account_id: account,
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const line = `29/11/2026,${utr},150000.00,MOHAN LAL,${number},HDFC0001234,,IMPS`;
    const res = await authed(t, 'POST', '/admin/bank-transfers/statements', admin.token, {
      file_name: `statement-${utr}.csv`,
      layout: 'standard',
      content: [HEADER, line].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user, account, status: res.json().data.lines[0].status as string };
  }

  async function withdrawLakhAndHalf(t: TestApp, user: Member, account: string) {
    await fund(t, user, t.app.ctx.core.tokens.get('INR').id, '150000', 'funding');
    const res = await authed(t, 'POST', '/inr/withdraw', user.token, {
      bank_account_id: account,
      amount: '150000',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }

  it('the reproduction: one admin cannot raise the rate, then credit and pay ₹1,50,000 alone', async () => {
    const admin = await member(t, { role: 'admin' });
    expect(await rateInForce(admin)).toMatchObject({ rate: '88' });

    const wild = await setRate(admin, '999999999');
    expect(wild.statusCode, wild.body).toBe(400);
    expect(wild.json().message).toBe('The USDT/INR rate must lie between ₹50 and ₹150');
    // Within the bounds, but no market price to compare with: a proposal, not in force.
    const raised = await setRate(admin, '150');
    expect(raised.json().data, raised.body).toMatchObject({ status: 'proposed' });
    expect(await rateInForce(admin)).toMatchObject({ rate: '88' });

    const { user, account, status } = await creditLakhAndHalf(admin);
    expect(status).toBe('awaiting_approval');
    const id = await withdrawLakhAndHalf(t, user, account);
    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'pending', approvals_required: 2 });

    // The proposer cannot approve their own proposal; another admin declines it.
    const proposal = raised.json().data.proposal_id as string;
    const own = await authed(
      t,
      'POST',
      `/admin/tax/usdt-inr-rates/proposals/${proposal}/approve`,
      admin.token,
    );
    expect(own.statusCode).toBe(409);
    const other = await member(t, { role: 'admin' });
    const declined = await authed(
      t,
      'POST',
      `/admin/tax/usdt-inr-rates/proposals/${proposal}/decline`,
      other.token,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await rateInForce(admin)).toMatchObject({ rate: '88' });
  });

  it('lets one admin move the rate within the band of USDTINR; a raised rate approved by two still values rupees at the market', async () => {
    const inr = t.app.ctx.core.tokens.get('INR').id;
    await insertPair(t.database.db, {
      baseTokenId: ids.usdt,
      quoteTokenId: inr,
      tickSize: '0.01',
      lotSize: '0.01',
      minNotional: '100',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    const seller = await member(t);
    const buyer = await member(t);
    await fund(t, seller, ids.usdt, '100');
    await fund(t, buyer, inr, '10000');
    const order = (who: Member, side: 'buy' | 'sell') =>
      authed(t, 'POST', '/orders/spot', who.token, {
        symbol: 'USDTINR',
        order_type: 'limit',
        trade_type: side,
        price: '88',
        volume: '2',
      });
    for (let i = 0; i < 12; i++) {
      expect((await order(seller, 'sell')).statusCode).toBe(200);
      expect((await order(buyer, 'buy')).json().data).toMatchObject({ status: 'filled' });
    }
    const first = await member(t, { role: 'admin' });
    const second = await member(t, { role: 'admin' });
    await until(async () => {
      const rules = await authed(t, 'GET', '/admin/tax/usdt-inr-rates/rules', first.token);
      return rules.json().data.market_rate === '88';
    });

    const near = await setRate(first, '90');
    expect(near.json().data, near.body).toMatchObject({ status: 'applied', rate: '90' });
    expect(await rateInForce(first)).toMatchObject({ rate: '90', set_by: first.email });

    const far = await setRate(first, '150');
    expect(far.json().data).toMatchObject({ status: 'proposed' });
    const rules = (await authed(t, 'GET', '/admin/tax/usdt-inr-rates/rules', second.token)).json();
    expect(rules.data.proposal).toMatchObject({ rate: '150', proposed_by: first.email });
    const approved = await authed(
      t,
      'POST',
      `/admin/tax/usdt-inr-rates/proposals/${far.json().data.proposal_id}/approve`,
      second.token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rateInForce(first)).toMatchObject({
      rate: '150',
      set_by: first.email,
      approved_by: second.email,
    });
    const trail = await authed(
      t,
      'GET',
      '/admin/audit-log?action=tax.usdt_inr_rate_approved',
      first.token,
    );
    expect(trail.statusCode, trail.body).toBe(200);
    expect(JSON.stringify(trail.json().data)).toContain(second.email);

    // At 150 a lakh and a half is 1,000 USDT, at the threshold; at the market's 88 it is 1,704.
    const fresh = await member(t, { role: 'admin' });
    const { status } = await creditLakhAndHalf(fresh);
    expect(status).toBe('awaiting_approval');
  });
});
