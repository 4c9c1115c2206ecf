import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveDeposit } from '../../src/modules/deposits/commands.js';
import { BACKENDS } from '../support/databases.js';
import { authed, member, type Member } from '../support/members.js';
import {
  claimRupees,
  inrOf,
  nextUtr,
  rupeePayer,
  uploadStatement,
} from '../support/rupee-statements.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 4, N4-M4: rupees were credited by an admin's hand confirm with no statement line, and a
 * UTR credited so was then shown unclaimed and refunded to its payer. Rupee credits come from
 * statement lines only; a line of a UTR credited already reads credited and is never refunded.
 */
describe.each(BACKENDS)('N4-M4 rupee reconciliation integrity on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let second: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
    second = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  /** The deposit queue's entry of a UTR. */
  async function queued(by: Member, utr: string) {
    const res = await authed(t, 'GET', '/admin/deposits?status=pending&page_size=100', by.token);
    return (res.json().data as { tx_hash: string }[]).filter((d) => d.tx_hash === utr);
  }

  /** A credit of the UTR under its claim, the way the hand confirm made one before the fix. */
  const creditByHand = (id: string) =>
    t.app.ctx.core.sequencer.submit(
      approveDeposit({
        admin: { adminId: second.id, ip: '127.0.0.1' },
        id,
        rule: { required: 1, valueUsdt: 0n },
      }),
    );

  it('refuses the hand confirm of a rupee claim no statement line matched', async () => {
    const { user, account } = await rupeePayer(t, admin);
    const utr = nextUtr();
    const claimed = await claimRupees(t, user, account, utr, '800');
    expect(claimed.statusCode, claimed.body).toBe(201);
    const id = claimed.json().data._id as string;

    const confirm = await authed(t, 'POST', `/admin/deposits/${id}/confirm`, admin.token, {});
    expect(confirm.json()).toMatchObject({
      status: 400,
      message:
        'Rupee deposits are credited only from the bank statement: upload the statement that shows this UTR',
    });
    expect(await inrOf(t, user)).toBe('0');
    expect(await queued(admin, utr)).toEqual([
      expect.objectContaining({ _id: id, confirmable: false }),
    ]);
  }, 120_000);

  it('lets a second admin confirm what a statement line matched, and the line then reads credited', async () => {
    const { user, account, vpa } = await rupeePayer(t, admin);
    const utr = nextUtr();
    await claimRupees(t, user, account, utr, '200000');
    const res = await uploadStatement(t, admin, [
      `29/11/2026,${utr},200000,RAHUL SHARMA,,HDFC0001234,${vpa},UPI`,
    ]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({ status: 'awaiting_approval' });
    expect(await queued(second, utr)).toEqual([expect.objectContaining({ confirmable: true })]);
    const confirm = await authed(
      t,
      'POST',
      `/admin/deposits/${line.deposit_id}/confirm`,
      second.token,
      {},
    );
    expect(confirm.json().data, confirm.body).toMatchObject({ status: 'confirmed' });
    expect(await inrOf(t, user)).toBe('200000');
    const statement = await authed(
      t,
      'GET',
      `/admin/bank-transfers/statements/${res.json().data._id}`,
      admin.token,
    );
    expect(statement.json().data.lines[0]).toMatchObject({ status: 'credited' });
  }, 120_000);

  it('shows a line of a UTR credited already as credited, never unclaimed or refundable', async () => {
    const { user, account, vpa } = await rupeePayer(t, admin);
    const utr = nextUtr();
    const claimed = await claimRupees(t, user, account, utr, '800');
    await creditByHand(claimed.json().data._id as string);
    expect(await inrOf(t, user)).toBe('800');

    const res = await uploadStatement(t, admin, [
      `29/11/2026,${utr},800,RAHUL SHARMA,,HDFC0001234,${vpa},UPI`,
    ]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({
      status: 'credited',
      deposit_id: claimed.json().data._id,
      user: expect.objectContaining({ _id: user.id }),
    });
    const refund = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${line._id}/refund`,
      admin.token,
      { refund_utr: nextUtr() },
    );
    expect(refund.statusCode).toBe(404);
    expect(await inrOf(t, user)).toBe('800');
  }, 120_000);

  it('refuses to refund a line whose UTR was credited after the statement came', async () => {
    const { user, account, vpa } = await rupeePayer(t, admin);
    const utr = nextUtr();
    const res = await uploadStatement(t, admin, [
      `29/11/2026,${utr},500,RAHUL SHARMA,,HDFC0001234,${vpa},UPI`,
    ]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({ status: 'unclaimed' });
    const claimed = await claimRupees(t, user, account, utr, '500');
    await creditByHand(claimed.json().data._id as string);

    const refund = await authed(
      t,
      'POST',
      `/admin/bank-transfers/credits/${line._id}/refund`,
      admin.token,
      { refund_utr: nextUtr() },
    );
    expect(refund.json()).toMatchObject({
      status: 409,
      message: 'This UTR is credited to a user: it cannot be refunded',
    });
  }, 120_000);
});
