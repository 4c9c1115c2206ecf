import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireRupeeClaims } from '../../src/modules/bank-transfers/rupee-claims.js';
import { BACKENDS } from '../support/databases.js';
import { authed, member, sessionToken, type Member } from '../support/members.js';
import { verifiedBankAccount } from '../support/rupee.js';
import {
  claimRupees,
  inrOf,
  nextUtr,
  rupeePayer,
  uploadStatement,
} from '../support/rupee-statements.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Review 4, N4-L7: a user claimed someone else's UTR first (the payer got 409, the statement's
 * line ended refund_due and could not be assigned to the payer); claims had no cap and never
 * expired. Claims are capped per user (INR_MAX_PENDING_CLAIMS) and expire
 * (INR_CLAIM_EXPIRY_DAYS); an admin moves a squatted UTR to the payer who paid it.
 */
describe.each(BACKENDS)('N4-L7 UTR squatting and unbounded claims on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  async function squatter() {
    const user = await member(t, { name: ['Sunil', 'Gupta'] });
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'SUNIL GUPTA',
      number: `6020${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1e4)}`,
    });
    return { user, account };
  }

  const assign = (lineId: string, email: string) =>
    authed(t, 'POST', `/admin/bank-transfers/credits/${lineId}/assign`, admin.token, { email });

  it('moves a UTR squatted before the statement to the payer whose account paid it', async () => {
    const s = await squatter();
    const payer = await rupeePayer(t, admin);
    const utr = nextUtr();
    expect((await claimRupees(t, s.user, s.account, utr, '1')).statusCode).toBe(201);
    expect((await claimRupees(t, payer.user, payer.account, utr, '25000')).statusCode).toBe(409);

    const res = await uploadStatement(t, admin, [
      `29/11/2026,${utr},25000,RAHUL SHARMA,${payer.number},HDFC0001234,${payer.vpa},UPI`,
    ]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({ status: 'refund_due' });

    const moved = await assign(line._id, payer.user.email);
    expect(moved.json().data, moved.body).toMatchObject({
      status: 'credited',
      user: expect.objectContaining({ _id: payer.user.id }),
    });
    expect(await inrOf(t, payer.user)).toBe('25000');
    expect(await inrOf(t, s.user)).toBe('0');
  }, 120_000);

  it('moves a UTR squatted after the statement, refusing the squatter’s claim', async () => {
    const s = await squatter();
    const payer = await rupeePayer(t, admin);
    const utr = nextUtr();
    const res = await uploadStatement(t, admin, [
      `29/11/2026,${utr},700,RAHUL SHARMA,${payer.number},HDFC0001234,${payer.vpa},UPI`,
    ]);
    const line = res.json().data.lines[0];
    expect(line).toMatchObject({ status: 'unclaimed' });
    const squat = await claimRupees(t, s.user, s.account, utr, '700');
    expect(squat.statusCode).toBe(201);

    const moved = await assign(line._id, payer.user.email);
    expect(moved.json().data, moved.body).toMatchObject({ status: 'credited' });
    expect(await inrOf(t, payer.user)).toBe('700');
    const history = await authed(t, 'GET', '/wallets/deposit/history', s.user.token);
    expect(history.json().data).toContainEqual(
      expect.objectContaining({ tx_hash: utr, status: 'rejected' }),
    );
  }, 120_000);

  it('caps a user’s waiting claims, even sent at once', async () => {
    const s = await squatter();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => claimRupees(t, s.user, s.account, nextUtr(), '1')),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = answers.find((r) => r.statusCode === 400);
    expect(refused?.json().message).toBe(
      "You have 5 rupee deposits waiting for the bank's statement: wait until they are credited or refused",
    );
  }, 120_000);

  it('expires a claim no statement matched in time; the UTR may then be claimed again', async () => {
    const s = await squatter();
    const payer = await rupeePayer(t, admin);
    const utr = nextUtr();
    const squat = await claimRupees(t, s.user, s.account, utr, '1');
    expect(squat.statusCode).toBe(201);
    // Days later: sessions idle that long are over, so both log in again.
    const later = async (ms: number) => {
      t.clock.advance(ms);
      await expireRupeeClaims(t.app.ctx, t.app.log);
      s.user.token = await sessionToken(t, s.user.id);
      payer.user.token = await sessionToken(t, payer.user.id);
    };
    await later(6 * DAY);
    expect((await claimRupees(t, payer.user, payer.account, utr, '900')).statusCode).toBe(409);

    await later(2 * DAY);
    const history = await authed(t, 'GET', '/wallets/deposit/history', s.user.token);
    expect(history.json().data).toContainEqual(
      expect.objectContaining({
        tx_hash: utr,
        status: 'rejected',
        reason: 'No bank credit matched this claim within 7 days: claim it again if you paid',
      }),
    );
    expect((await claimRupees(t, payer.user, payer.account, utr, '900')).statusCode).toBe(201);
  }, 120_000);
});
