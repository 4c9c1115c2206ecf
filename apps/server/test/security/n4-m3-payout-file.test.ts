import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/modules/audit/service.js';
import { BACKENDS } from '../support/databases.js';
import { fund } from '../support/market.js';
import { authed, member, type Member } from '../support/members.js';
import { payoutsOpen, verifiedBankAccount } from '../support/rupee.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 4, N4-M3: the rupee payout file re-exported its rows, and a row already exported could be
 * rejected and refunded, so one honest mistake paid twice. Now an export marks its rows sent in a
 * batch; the next export lists only new rows; a batch is sent again only by a second admin; a sent
 * row is rejected only once two admins recorded the bank's failure report.
 */
describe.each(BACKENDS)('N4-M3: the INR payout file on %s', (kind) => {
  let t: TestApp;
  let admin1: Member;
  let admin2: Member;
  let inr: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SECURITY_HOLD_HOURS: '0.0002' } });
    admin1 = await member(t, { role: 'admin' });
    admin2 = await member(t, { role: 'admin' });
    inr = t.app.ctx.core.tokens.get('INR').id;
  });
  afterAll(() => t.close());

  /** Kiran Joshi's approved ₹1,000 withdrawal, `processing`; its id and the user. */
  async function approvedWithdrawal() {
    const user = await member(t, { name: ['Kiran', 'Joshi'] });
    await fund(t, user, inr, '5000', 'funding');
    const number = `00${String(Date.now()).slice(-9)}${++seq}`;
    const account = await verifiedBankAccount(t, user, admin1, { holder: 'Kiran Joshi', number });
    // A payout account opens after the hold on a new account (N4-L6), here under a second.
    await payoutsOpen(t, user, account);
    const res = await authed(t, 'POST', '/inr/withdraw', user.token, {
      bank_account_id: account,
      amount: '1000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin1.token, {});
    expect(approved.json().data, approved.body).toMatchObject({ status: 'processing' });
    return { id, user, number };
  }

  const exportFile = (by: Member) =>
    authed(t, 'GET', '/admin/bank-transfers/payout-file', by.token);
  const reject = (by: Member, id: string) =>
    authed(t, 'POST', `/admin/withdrawals/${id}/reject`, by.token, { reason: 'Bank returned it' });
  const returned = (by: Member, id: string, reference: string) =>
    authed(t, 'POST', `/admin/bank-transfers/withdrawals/${id}/returned`, by.token, { reference });
  const held = async (user: Member) => {
    const res = await authed(t, 'GET', `/wallets?token_id=${inr}`, user.token);
    const balances = res.json().data[0].balances as { wallet_type: string; amount: string }[];
    return balances.find((b) => b.wallet_type === 'funding')?.amount;
  };

  it('the reproduction: a second export does not hold the row, and the row cannot be rejected', async () => {
    const { id, user, number } = await approvedWithdrawal();
    const first = await exportFile(admin1);
    expect(first.body).toContain(`,${id},`);
    const second = await exportFile(admin2);
    expect(second.statusCode).toBe(200);
    expect(second.body).not.toContain(id);

    const refused = await reject(admin2, id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await held(user)).toBe('4000');
    // The account number as text, so a spreadsheet keeps its leading zeros (review I4-4).
    expect(first.body).toContain(`"=""${number}"""`);

    const queue = await authed(t, 'GET', '/admin/withdrawals?status=processing', admin1.token);
    const row = (queue.json().data as { _id: string; bank_batch: string | null }[]).find(
      (w) => w._id === id,
    );
    expect(row?.bank_batch).toEqual(expect.any(String));

    // Mark paid still works on the sent row.
    const paid = await authed(
      t,
      'POST',
      `/admin/bank-transfers/withdrawals/${id}/paid`,
      admin2.token,
      { utr: 'HDFCR52026112900001' },
    );
    expect(paid.json().data, paid.body).toMatchObject({ status: 'approved' });
  });

  it('sends a batch again only when a second admin downloads what another asked for', async () => {
    const { id } = await approvedWithdrawal();
    expect((await exportFile(admin1)).body).toContain(id);
    const batches = await authed(t, 'GET', '/admin/bank-transfers/payout-batches', admin1.token);
    const batch = (batches.json().data as { _id: string; rows: number; open: number }[])[0];
    expect(batch).toMatchObject({ rows: 1, open: 1 });
    const file = (by: Member) =>
      authed(t, 'GET', `/admin/bank-transfers/payout-batches/${batch?._id}/file`, by.token);

    expect((await file(admin2)).statusCode).toBe(409);
    const asked = await authed(
      t,
      'POST',
      `/admin/bank-transfers/payout-batches/${batch?._id}/resend`,
      admin1.token,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await file(admin1)).statusCode).toBe(409);
    const again = await file(admin2);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).toContain(`,${id},`);
    // The request is used up.
    expect((await file(admin2)).statusCode).toBe(409);
  });

  it('refunds a sent row only after two admins record the same return reference', async () => {
    const { id, user } = await approvedWithdrawal();
    const rejectedEarly = await reject(admin1, id);
    expect(rejectedEarly.statusCode).toBe(200);
    expect(await held(user)).toBe('5000');

    const next = await approvedWithdrawal();
    await exportFile(admin1);
    expect((await returned(admin1, next.id, 'RET2026112900')).statusCode).toBe(200);
    expect((await returned(admin1, next.id, 'RET2026112900')).statusCode).toBe(409);
    expect((await reject(admin2, next.id)).statusCode).toBe(409);
    expect((await returned(admin2, next.id, 'RET2026112999')).statusCode).toBe(409);
    const confirmed = await returned(admin2, next.id, 'ret2026112900');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = await authed(
      t,
      'POST',
      `/admin/bank-transfers/withdrawals/${next.id}/paid`,
      admin2.token,
      { utr: 'HDFCR52026112900002' },
    );
    expect(paid.statusCode).toBe(409);
    const rejected = await reject(admin2, next.id);
    expect(rejected.json().data, rejected.body).toMatchObject({ status: 'rejected' });
    expect(await held(next.user)).toBe('5000');
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });
});
