import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { fund } from '../support/market.js';
import { authed, member, type Member } from '../support/members.js';
import { bankValidates, rahul } from '../support/rupee.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HOUR_MS = 3_600_000;
let seq = 0;

/**
 * Review N4-L6: a new payout bank account sent no notice and started no hold. Now the owner is
 * mailed (in their language) when an account is added and when it is verified, and rupee
 * withdrawals to it are refused for SECURITY_HOLD_HOURS (24 h) after its verification, with when
 * they open.
 */
describe.each(BACKENDS)('N4-L6: a new payout account on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  const mails = async (email: string) => {
    await t.app.ctx.mailIdle();
    return t.outbox.list(email);
  };

  async function added(user: Member) {
    const number = `7${String(Date.now()).slice(-9)}${String(++seq).padStart(3, '0')}`;
    const res = await authed(t, 'POST', '/bank-accounts', user.token, {
      holder_name: 'Rahul Sharma',
      account_number: number,
      confirm_account_number: number,
      ifsc: 'HDFC0001234',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id as string, number };
  }

  async function verify(id: string, number: string) {
    await bankValidates(t, admin, [[number, 'HDFC0001234', '', 'RAHUL SHARMA', 'active']]);
    const res = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
  }

  it('mails the owner when an account is added and when it is verified', async () => {
    const user = await rahul(t);
    const { id, number } = await added(user);
    const onAdd = await mails(user.email);
    expect(onAdd.map((m) => m.subject)).toEqual(['Bank account added']);
    expect(onAdd[0]?.text).toContain(`HDFC Bank XXXX${number.slice(-4)} (IFSC HDFC0001234)`);
    expect(onAdd[0]?.text).not.toContain(number);

    await verify(id, number);
    const verifiedMail = (await mails(user.email)).find(
      (m) => m.subject === 'Bank account verified',
    );
    expect(verifiedMail?.text).toMatch(/Rupee withdrawals to it open at .+ IST/);
  });

  it('mails in Hindi to an owner who chose Hindi', async () => {
    const user = await rahul(t);
    const saved = await authed(t, 'PUT', '/users/language', user.token, { language: 'hi' });
    expect(saved.statusCode, saved.body).toBe(200);
    await added(user);
    expect((await mails(user.email)).map((m) => m.subject)).toEqual(['बैंक खाता जोड़ा गया']);
  });

  it('holds rupee withdrawals to an account verified less than 24 hours ago, saying until when', async () => {
    const user = await rahul(t);
    await fund(t, user, t.app.ctx.core.tokens.get('INR').id, '5000', 'funding');
    const { id, number } = await added(user);
    await verify(id, number);
    const withdraw = () =>
      authed(t, 'POST', '/inr/withdraw', user.token, { bank_account_id: id, amount: '1000' });
    const held = await withdraw();
    expect(held.json(), held.body).toMatchObject({
      status: 403,
      code: 'WITHDRAWALS_HELD',
      message: expect.stringMatching(/verified less than 24 hours ago: withdrawals to it open at/),
    });
    const until = Date.parse(held.json().data.held_until as string);
    const mine = await authed(t, 'GET', '/bank-accounts', user.token);
    expect(mine.json().data[0]).toMatchObject({ payouts_from: new Date(until).toISOString() });
    expect(until - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR_MS);
    expect(until - t.clock.now().getTime()).toBeLessThanOrEqual(24 * HOUR_MS);

    // A day later (the account's verification moved back a day and a minute): it opens.
    await t.database.db
      .updateTable('bank_accounts')
      .set({ reviewed_at: new Date(t.clock.now().getTime() - 24 * HOUR_MS - 60_000) })
      .where('id', '=', id)
      .execute();
    const open = await withdraw();
    expect(open.statusCode, open.body).toBe(201);
  });
});
