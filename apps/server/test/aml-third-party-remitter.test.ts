import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlIdle } from '../src/modules/aml/monitor.js';
import { caseList } from '../src/modules/aml/repository.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, type Member } from './support/members.js';
import { rahul, verifiedBankAccount } from './support/rupee.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
let utrSeq = 412399000000;

/**
 * Issue 52: a bank statement credit decided for a user is told to the AML monitor, which compares
 * the remitter's name with the user's on a later turn (the upload never waits for it).
 */
describe.each(BACKENDS)('AML third-party remitter on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Rahul Sharma claims a UPI deposit from his verified account; the statement shows `remitter`. */
  async function deposit(remitter: string, vpaOf: (own: string) => string) {
    const user = await rahul(t);
    const number = `5010${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1e4)}`;
    const own = `rahul${number.slice(-6)}@okhdfcbank`;
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'RAHUL SHARMA',
      number,
      upi: own,
    });
    const utr = String(++utrSeq);
    const claim = await authed(t, 'POST', '/inr/deposit', user.token, {
      utr,
      amount: '5000',
      bank_account_id: account,
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const line = `27/11/2026,${utr},5000.00,${remitter},,HDFC0001234,${vpaOf(own)},UPI`;
    const res = await authed(t, 'POST', '/admin/bank-transfers/statements', admin.token, {
      file_name: `statement-${utr}.csv`,
      layout: 'standard',
      content: [HEADER, line].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    await amlIdle(t.app.ctx);
    return { user, utr, status: res.json().data.lines[0].status as string };
  }
  const casesOf = async (userId: string) =>
    (await caseList(t.database.db)).filter((c) => c.user_ids.includes(userId));

  it('opens a case for a rupee deposit sent from a third party’s account', async () => {
    const { user, utr, status } = await deposit('AMIT VERMA', () => 'amit@okicici');
    expect(status).toBe('refund_due');
    expect(await casesOf(user.id)).toEqual([
      expect.objectContaining({
        rule: 'third_party_remitter',
        risk: 'high',
        subject: user.id,
        facts: { reference: utr, remitter: 'AMIT VERMA', user_name: 'Rahul Sharma' },
      }),
    ]);
  });

  it('opens none for the user’s own deposit, however the bank writes the name', async () => {
    const { user, status } = await deposit('SHARMA RAHUL', (own) => own);
    expect(status).toBe('credited');
    expect(await casesOf(user.id)).toEqual([]);
  });
});
