import { RUPEE_MESSAGES as M } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { authed, member, type Member } from '../support/members.js';
import { bankValidates } from '../support/rupee.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
const HDFC_HEADER =
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
let utrSeq = 712345000000 + (Date.now() % 100_000) * 1000;
const nextUtr = () => String(++utrSeq);
let numberSeq = 0;

/**
 * Review N4-H1: a third party's UPI/IMPS payment was credited as the claimant's own. The review's
 * reproductions, as the attacker ("Amit Verma", identity approved) runs them:
 * (a) his own account with someone else's UPI ID typed on it, then a UPI credit from that UPI ID's
 *     holder, SUNITA DEVI (standard and HDFC layouts);
 * (b) an account typed as "Amit Verma Sunita Devi", then an IMPS credit from SUNITA DEVI's PNB
 *     account ending with the same four digits;
 * (c) one account number verified for two users.
 * Each credit must come back `refund_due` and credit nothing; a payment from his own account
 * still credits.
 */
describe.each(BACKENDS)('N4-H1: rupees from third parties on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  const amit = () => member(t, { name: ['Amit', 'Verma'] });
  const freshNumber = () =>
    `9${String(Date.now()).slice(-8)}${String(++numberSeq).padStart(3, '0')}`;

  /** Adds the account; the bank validates it in the holder's name (penny drop); verified. */
  async function verified(
    user: Member,
    body: { holder_name: string; account_number: string; ifsc: string; upi_id?: string },
    bankName = 'AMIT VERMA',
  ): Promise<string> {
    const added = await authed(t, 'POST', '/bank-accounts', user.token, {
      ...body,
      confirm_account_number: body.account_number,
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data._id as string;
    // The penny drop of the account only: the typed UPI ID is never looked up.
    await bankValidates(t, admin, [[body.account_number, body.ifsc, '', bankName, 'active']]);
    const res = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  const claim = async (user: Member, account: string, utr: string, amount: string) => {
    const res = await authed(t, 'POST', '/inr/deposit', user.token, {
      utr,
      amount,
      bank_account_id: account,
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  const upload = async (layout: 'standard' | 'hdfc', rows: string[]) => {
    const res = await authed(t, 'POST', '/admin/bank-transfers/statements', admin.token, {
      file_name: `${layout}-${nextUtr()}.csv`,
      layout,
      content: [layout === 'standard' ? HEADER : HDFC_HEADER, ...rows].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.lines as { utr: string; status: string }[];
  };

  async function inr(user: Member): Promise<bigint> {
    const id = t.app.ctx.core.tokens.get('INR').id;
    const res = await authed(t, 'GET', `/wallets?token_id=${id}`, user.token);
    const balances = (res.json().data[0]?.balances ?? []) as {
      wallet_type: string;
      amount: string;
    }[];
    const funding = balances.find((b) => b.wallet_type === 'funding')?.amount ?? '0';
    return BigInt(funding.split('.')[0] ?? '0');
  }

  it('(a) a UPI ID typed by the user decides nothing: its holder’s UPI credit is refunded', async () => {
    const user = await amit();
    const number = freshNumber();
    const victimVpa = `victim.${number.slice(-6)}@okaxis`;
    const account = await verified(user, {
      holder_name: 'Amit Verma',
      account_number: number,
      ifsc: 'SBIN0001234',
      upi_id: victimVpa,
    });
    const [u1, u2] = [nextUtr(), nextUtr()];
    await claim(user, account, u1, '4999');
    await claim(user, account, u2, '4999');
    const standard = await upload('standard', [
      `29/11/2026,${u1},4999,SUNITA DEVI,,ICIC0000001,${victimVpa},UPI payment`,
    ]);
    const hdfc = await upload('hdfc', [
      `29/11/26,UPI-SUNITA DEVI-${victimVpa}-ICIC0000001-${u2}-rent,0000${u2},29/11/26,,4999.00,100000.00`,
    ]);
    expect([...standard, ...hdfc]).toEqual([
      expect.objectContaining({ utr: u1, status: 'refund_due' }),
      expect.objectContaining({ utr: u2, status: 'refund_due' }),
    ]);
    expect(await inr(user)).toBe(0n);

    // His own payment, from his own account at its bank, still credits.
    const own = nextUtr();
    await claim(user, account, own, '100');
    const mine = await upload('standard', [
      `29/11/2026,${own},100,AMIT VERMA,${number},SBIN0001234,,IMPS`,
    ]);
    expect(mine).toEqual([expect.objectContaining({ utr: own, status: 'credited' })]);
    expect(await inr(user)).toBe(100n);
  });

  it('(b) a holder name with extra names is refused, and an IMPS credit matching only the last four digits is refunded', async () => {
    const user = await amit();
    const superset = await authed(t, 'POST', '/bank-accounts', user.token, {
      holder_name: 'Amit Verma Sunita Devi',
      account_number: '123456784321',
      confirm_account_number: '123456784321',
      ifsc: 'SBIN0001234',
    });
    expect(superset.json()).toMatchObject({ status: 400, message: M.nameMismatch });

    // Typed as his own name, the account's bank says whose it is: a joint name is refused too.
    const joint = await authed(t, 'POST', '/bank-accounts', user.token, {
      holder_name: 'Amit Verma',
      account_number: '223456784321',
      confirm_account_number: '223456784321',
      ifsc: 'SBIN0001234',
    });
    expect(joint.statusCode, joint.body).toBe(201);
    await bankValidates(t, admin, [
      ['223456784321', 'SBIN0001234', '', 'AMIT VERMA SUNITA DEVI', 'active'],
    ]);
    const refused = await authed(
      t,
      'POST',
      `/admin/bank-accounts/${joint.json().data._id as string}/verify`,
      admin.token,
      {},
    );
    expect(refused.json()).toMatchObject({ status: 400, message: M.bankNameMismatch });

    const account = await verified(user, {
      holder_name: 'Amit Verma',
      account_number: '123456784321',
      ifsc: 'SBIN0001234',
    });
    const u = nextUtr();
    await claim(user, account, u, '3000');
    const lines = await upload('hdfc', [
      `29/11/26,IMPS-${u}-SUNITA DEVI-PUNB-XXXXXXXX4321-gift,0000${u},29/11/26,,3000.00,100000.00`,
    ]);
    expect(lines).toEqual([expect.objectContaining({ utr: u, status: 'refund_due' })]);
    // His own name on the line is not enough either: the PNB account is not his SBI one.
    const v = nextUtr();
    await claim(user, account, v, '3000');
    const own = await upload('hdfc', [
      `29/11/26,IMPS-${v}-AMIT VERMA-PUNB-XXXXXXXX4321-gift,0000${v},29/11/26,,3000.00,100000.00`,
    ]);
    expect(own).toEqual([expect.objectContaining({ utr: v, status: 'refund_due' })]);
    expect(await inr(user)).toBe(0n);
  });

  it('(c) one account number is live for one user only', async () => {
    const [first, second] = [await amit(), await amit()];
    const number = freshNumber();
    await verified(first, {
      holder_name: 'Amit Verma',
      account_number: number,
      ifsc: 'HDFC0001234',
    });
    const again = await authed(t, 'POST', '/bank-accounts', second.token, {
      holder_name: 'Amit Verma',
      account_number: number,
      confirm_account_number: number,
      ifsc: 'HDFC0001234',
    });
    expect(again.json()).toMatchObject({ status: 409, message: M.duplicateElsewhere });
    expect(again.body).not.toContain(first.email);
    const theirs = await authed(t, 'GET', '/bank-accounts', second.token);
    expect(theirs.json().data).toEqual([]);
  });
});
