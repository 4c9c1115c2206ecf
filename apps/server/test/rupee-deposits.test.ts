import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, type Member } from './support/members.js';
import { rahul, verifiedBankAccount } from './support/rupee.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
let utrSeq = 412345000000;
const nextUtr = () => String(++utrSeq);

/**
 * Rupee deposits (issue 31): a UPI claim by UTR and amount, credited when the uploaded bank
 * statement shows it from the claimant's verified account; the matching's edge cases.
 */
describe.each(BACKENDS)('rupee deposits on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let second: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
    second = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  async function payer() {
    const user = await rahul(t);
    const number = `5010${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1e4)}`;
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'RAHUL SHARMA',
      number,
      upi: `rahul${number.slice(-6)}@okhdfcbank`,
    });
    return { user, account, number, vpa: `rahul${number.slice(-6)}@okhdfcbank` };
  }

  const claim = (user: Member, account: string, utr: string, amount: string) =>
    authed(t, 'POST', '/inr/deposit', user.token, { utr, amount, bank_account_id: account });

  const upload = (rows: string[], by = admin, layout = 'standard', name = 'statement.csv') =>
    authed(t, 'POST', '/admin/bank-transfers/statements', by.token, {
      file_name: name,
      layout,
      content: [layout === 'standard' ? HEADER : '', ...rows].join('\n'),
    });

  async function inr(user: Member): Promise<string> {
    const res = await authed(t, 'GET', '/wallets/funding', user.token);
    const group = res.json().data as {
      short_name?: string;
      token?: { symbol: string };
      amount?: string;
    }[];
    const found = JSON.stringify(group);
    const m = /"amount":"([\d.]+)"[^}]*"symbol":"INR"/.exec(found);
    return m?.[1] ?? '0';
  }

  it('shows where to pay, with the user’s own reference', async () => {
    const { user } = await payer();
    const res = await authed(t, 'GET', '/inr/deposit', user.token);
    expect(res.json().data).toMatchObject({
      ifsc: 'HDFC0000240',
      vpa: 'exchange.collect@hdfcbank',
      reference: expect.stringMatching(/^EX[A-Z2-9]{10}$/),
    });
    const again = await authed(t, 'GET', '/inr/deposit', user.token);
    expect(again.json().data.reference).toBe(res.json().data.reference);
  });

  it('credits a claim the statement shows from the claimant’s account', async () => {
    const { user, account, vpa } = await payer();
    const utr = nextUtr();
    const res = await claim(user, account, utr, '1500.50');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', network: 'bank', tx_hash: utr });
    // A UTR claimed twice, by anyone, is refused: bank-transfers/deposit-service.test.ts.

    const line = `27/11/2026,${utr},"1,500.50",RAHUL SHARMA,,HDFC0001234,${vpa},UPI payment`;
    const first = await upload([line]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.lines).toEqual([
      expect.objectContaining({ utr, status: 'credited', amount: '1500.5' }),
    ]);
    expect(await inr(user)).toBe('1500.5');

    // The same file again: refused whole. Another statement repeating the UTR: kept as a repeat.
    expect((await upload([line])).json()).toMatchObject({ status: 409 });
    const overlap = await upload([line, ''], second, 'standard', 'next.csv');
    expect(overlap.json().data.lines).toEqual([
      expect.objectContaining({ utr, status: 'duplicate' }),
    ]);
    expect(await inr(user)).toBe('1500.5');
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });

  it('flags a credit from someone else’s account for refund and never credits it', async () => {
    const { user, account } = await payer();
    const utr = nextUtr();
    await claim(user, account, utr, '800');
    const res = await upload([`27/11/2026,${utr},800.00,AMIT VERMA,,ICIC0000001,amit@okicici,UPI`]);
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({
        status: 'refund_due',
        user: expect.objectContaining({ _id: user.id }),
      }),
    ]);
    const history = await authed(t, 'GET', '/wallets/deposit/history', user.token);
    expect(history.json().data).toContainEqual(
      expect.objectContaining({ tx_hash: utr, status: 'rejected' }),
    );
    expect(await inr(user)).toBe('0');
    const credit = res.json().data.lines[0]._id as string;
    const refunded = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${credit}/refund`,
      admin.token,
      {
        refund_utr: nextUtr(),
      },
    );
    expect(refunded.json().data).toMatchObject({ status: 'refunded' });
  });

  it('leaves an amount mismatch to an admin, who credits what the bank received', async () => {
    const { user, account, vpa } = await payer();
    const utr = nextUtr();
    await claim(user, account, utr, '1000');
    const res = await upload([`27/11/2026,${utr},999.00,RAHUL SHARMA,,,${vpa},UPI`]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({
      status: 'amount_mismatch',
      note: 'Claimed ₹1000, the bank received ₹999',
    });
    expect(await inr(user)).toBe('0');
    const assigned = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${line._id}/assign`,
      admin.token,
      {
        email: user.email,
      },
    );
    expect(assigned.json().data, assigned.body).toMatchObject({ status: 'credited' });
    expect(await inr(user)).toBe('999');
  });

  it('keeps an unclaimed credit for an admin; a stranger cannot be given it', async () => {
    const { user, number, account } = await payer();
    const utr = nextUtr();
    const res = await upload([`27/11/2026,${utr},250.00,RAHUL SHARMA,${number},HDFC0001234,,IMPS`]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({ status: 'unclaimed' });
    const queue = await authed(
      t,
      'GET',
      '/admin/bank-transfers/credits?status=unclaimed',
      admin.token,
    );
    expect(queue.json().data).toContainEqual(expect.objectContaining({ _id: line._id }));
    const stranger = await payer();
    const wrong = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${line._id}/assign`,
      admin.token,
      {
        email: stranger.user.email,
      },
    );
    expect(wrong.statusCode).toBe(400);
    const right = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${line._id}/assign`,
      admin.token,
      {
        email: user.email,
      },
    );
    expect(right.json().data).toMatchObject({ status: 'credited' });
    expect(await inr(user)).toBe('250');
    // The user's own claim of it later is refused: it is credited.
    expect((await claim(user, account, utr, '250')).statusCode).toBe(409);
  });

  it('reads HDFC Bank’s statement export, and a large credit waits for a second admin', async () => {
    const { user, account, vpa } = await payer();
    const utr = nextUtr();
    await claim(user, account, utr, '200000');
    const hdfc = [
      'HDFC BANK Ltd.,,,,,,',
      'Statement of account,,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `27/11/26,UPI-RAHUL SHARMA-${vpa}-HDFC0001234-${utr}-EXPAYMENT,0000${utr},27/11/26,,"2,00,000.00","5,00,000.00"`,
      '27/11/26,NEFT DR-SBIN0001234-VENDOR-RENT,N123,27/11/26,"1,000.00",,"4,99,000.00"',
    ];
    const res = await upload(hdfc, admin, 'hdfc', 'hdfc.csv');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({
        utr,
        status: 'awaiting_approval',
        remitter_vpa: vpa,
        amount: '200000',
      }),
    ]);
    expect(await inr(user)).toBe('0');
    const deposit = res.json().data.lines[0].deposit_id as string;
    const confirmed = await authed(t, 'POST', `/admin/deposits/${deposit}/confirm`, second.token);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed' });
    expect(await inr(user)).toBe('200000');
  });

  it('keeps a malformed line as unreadable for an admin, and the file’s other lines', async () => {
    const utr = nextUtr();
    const res = await upload(
      [`27/11/2026,${nextUtr()},abc,X,,,,`, `27/11/2026,${utr},250.00,NOBODY,,,,IMPS`],
      admin,
      'standard',
      'bad.csv',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({
        line_no: 2,
        status: 'unreadable',
        amount: null,
        raw: expect.stringContaining(',abc,X'),
        note: expect.stringContaining('"abc" is not an amount'),
      }),
      expect.objectContaining({ line_no: 3, utr, status: 'unclaimed' }),
    ]);
  });

  it('refuses a file that is not a statement whole', async () => {
    const res = await authed(t, 'POST', '/admin/bank-transfers/statements', admin.token, {
      file_name: 'x.csv',
      layout: 'standard',
      content: 'date,amount\n27/11/2026,100',
    });
    expect(res.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining('first line'),
    });
  });
});
