import { RUPEE_MESSAGES as M, MAX_BANK_ACCOUNTS } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionsOn } from './support/admin-actions.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, type Member } from './support/members.js';
import { bankValidates, rahul, VALIDATION_HEADER } from './support/rupee.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let seq = 0;
/** An account number no other test of the file uses (they are live once across users). */
const freshNumber = () => `5010${String(Date.now()).slice(-7)}${String(++seq).padStart(3, '0')}`;

/**
 * Bank accounts (issue 31, review N4-H1): in the identity's name, format-checked, validated by
 * the bank (penny drop: the name it returns decides), verified by an admin; an account and a UPI
 * ID live on one exchange account only.
 */
describe.each(BACKENDS)('bank accounts on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const add = (user: Member, body: Record<string, unknown>) => {
    const number = (body.account_number as string | undefined) ?? freshNumber();
    return authed(t, 'POST', '/bank-accounts', user.token, {
      holder_name: 'SHARMA RAHUL',
      account_number: number,
      confirm_account_number: number,
      ifsc: 'hdfc0001234',
      ...body,
    });
  };
  const verify = (id: string, by = admin) =>
    authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, by.token);
  const queued = async (id: string, status = 'pending') =>
    (
      (await authed(t, 'GET', `/admin/bank-accounts?status=${status}`, admin.token)).json()
        .data as { _id: string }[]
    ).find((a) => a._id === id);

  it('verifies an account only once the bank returned the identity’s name (penny drop)', async () => {
    const user = await rahul(t);
    const number = freshNumber();
    const res = await add(user, { account_number: number, upi_id: 'Rahul.Sharma7@okhdfcbank' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    expect(res.json().data).toMatchObject({
      account_number: `XXXX${number.slice(-4)}`,
      ifsc: 'HDFC0001234',
      bank: 'HDFC Bank',
      upi_id: 'rahul.sharma7@okhdfcbank',
      upi_verified: false,
      bank_name: null,
      status: 'pending',
    });
    expect(await queued(id)).toMatchObject({
      account_number: number,
      identity_name: 'Rahul Sharma',
      name_match: 'unvalidated',
      bank_name: null,
    });
    // What the user typed decides nothing: no bank answer, no verification.
    expect((await verify(id)).json()).toMatchObject({ status: 400, message: M.notValidated });

    const validated = await bankValidates(t, admin, [
      [number, 'HDFC0001234', '', 'RAHUL SHARMA', 'active'],
      ['', '', 'rahul.sharma7@okhdfcbank', 'Rahul Sharma', 'active'],
    ]);
    expect(validated.statusCode, validated.body).toBe(201);
    expect(validated.json().data).toMatchObject({
      counts: { validated: 1, vpa_verified: 1 },
      rows: [
        expect.objectContaining({ outcome: 'validated', account_id: id, name_match: 'exact' }),
        expect.objectContaining({ outcome: 'vpa_verified', account_id: id, email: user.email }),
      ],
    });
    expect(await queued(id)).toMatchObject({
      bank_name: 'RAHUL SHARMA',
      validation_status: 'active',
      validation_ref: expect.stringMatching(/^fav_/),
      name_match: 'exact',
      upi_name: 'Rahul Sharma',
    });

    const verified = await verify(id);
    expect(verified.json().data, verified.body).toMatchObject({ status: 'verified' });
    expect((await verify(id)).statusCode).toBe(404);
    const mine = await authed(t, 'GET', '/bank-accounts', user.token);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        _id: id,
        status: 'verified',
        account_number: `XXXX${number.slice(-4)}`,
        bank_name: 'RAHUL SHARMA',
        upi_verified: true,
        payouts_from: expect.any(String),
      }),
    ]);
    expect(await adminActionsOn(t, id)).toEqual([
      expect.objectContaining({ action: 'bank_account.validated', admin_id: admin.id }),
      expect.objectContaining({ action: 'bank_account.validated', admin_id: admin.id }),
      expect.objectContaining({ action: 'bank_account.verified', admin_id: admin.id }),
    ]);
  });

  it('refuses to verify when the bank says the account is invalid or in another name', async () => {
    const user = await rahul(t);
    const [invalid, other] = [freshNumber(), freshNumber()];
    const a = (await add(user, { account_number: invalid })).json().data._id as string;
    const b = (await add(user, { account_number: other, upi_id: 'someone9@okaxis' })).json().data
      ._id as string;
    const res = await bankValidates(t, admin, [
      [invalid, 'HDFC0001234', '', '', 'invalid'],
      [other, 'HDFC0001234', '', 'SUNITA DEVI', 'active'],
      ['', '', 'someone9@okaxis', 'SUNITA DEVI', 'active'],
      ['99999999999', 'HDFC0001234', '', 'NOBODY', 'active'],
    ]);
    expect(res.json().data.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'invalid',
      'validated',
      'vpa_refused',
      'unknown',
    ]);
    expect((await verify(a)).json()).toMatchObject({ status: 400, message: M.bankSaysInvalid });
    expect((await verify(b)).json()).toMatchObject({ status: 400, message: M.bankNameMismatch });
    expect(await queued(b)).toMatchObject({ name_match: 'none', upi_id: null });
    // The typist of someone else's account never learns whose it is.
    const mine = (await authed(t, 'GET', '/bank-accounts', user.token)).json().data as {
      bank_name: string | null;
    }[];
    expect(mine.every((x) => x.bank_name === null)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('SUNITA');

    const bad = await authed(t, 'POST', '/admin/bank-accounts/validations', admin.token, {
      file_name: 'bad.csv',
      content: `${VALIDATION_HEADER}\n${invalid},HDFC0001234,,X,verified,r1`,
    });
    expect(bad.json()).toMatchObject({ status: 400, message: expect.stringContaining('Line 2') });
    const stranger = await rahul(t);
    const forbidden = await authed(t, 'POST', '/admin/bank-accounts/validations', stranger.token, {
      file_name: 'v.csv',
      content: VALIDATION_HEADER,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses bad formats, another person’s name, extra names, duplicates and more than the limit', async () => {
    const user = await rahul(t);
    const errors = async (body: Record<string, unknown>) =>
      (await add(user, body)).json().data?.errors;
    expect(await errors({ ifsc: 'HDFC1234567' })).toMatchObject({ ifsc: M.ifscInvalid });
    expect(
      await errors({ account_number: '12345', confirm_account_number: '12345' }),
    ).toMatchObject({ account_number: M.accountInvalid });
    expect(await errors({ confirm_account_number: '50100123456780' })).toMatchObject({
      confirm_account_number: M.accountsDiffer,
    });
    expect(await errors({ upi_id: 'not a vpa' })).toMatchObject({ upi_id: M.upiInvalid });
    for (const holder of ['Amit Verma', 'Rahul Sharma Sunita Devi', 'RAHUL K SHARMA'])
      expect((await add(user, { holder_name: holder })).json()).toMatchObject({
        status: 400,
        message: M.nameMismatch,
      });

    const number = freshNumber();
    expect((await add(user, { account_number: number })).statusCode).toBe(201);
    expect((await add(user, { account_number: number })).json()).toMatchObject({
      status: 409,
      message: M.duplicate,
    });
    for (let i = 1; i < MAX_BANK_ACCOUNTS; i++) expect((await add(user, {})).statusCode).toBe(201);
    const over = await add(user, {});
    expect(over.json()).toMatchObject({ status: 400, message: M.tooMany });
    expect((await authed(t, 'GET', '/bank-accounts', user.token)).json().data).toHaveLength(
      MAX_BANK_ACCOUNTS,
    );
  });

  it('keeps an account and a UPI ID on one exchange account, without saying whose', async () => {
    const first = await rahul(t);
    const second = await rahul(t);
    const number = freshNumber();
    const vpa = `rahul${number.slice(-6)}@okicici`;
    expect((await add(first, { account_number: number, upi_id: vpa })).statusCode).toBe(201);
    // Another branch of the same bank is the same account.
    const again = await add(second, { account_number: number, ifsc: 'HDFC0009999' });
    expect(again.json()).toMatchObject({ status: 409, message: M.duplicateElsewhere });
    expect(again.body).not.toContain(first.email);
    const vpaAgain = await add(second, { upi_id: vpa.toUpperCase() });
    expect(vpaAgain.json()).toMatchObject({ status: 409, message: M.upiDuplicate });
    // The same number at another bank is another account.
    expect((await add(second, { account_number: number, ifsc: 'SBIN0001234' })).statusCode).toBe(
      201,
    );
  });

  it('needs an approved identity, and an admin cannot verify their own account', async () => {
    const pending = await member(t, { kyc: 'pending_identity', name: ['Rahul', 'Sharma'] });
    expect((await add(pending, {})).json()).toMatchObject({ code: 'KYC_REQUIRED' });
    const self = await member(t, { role: 'admin', name: ['Rahul', 'Sharma'] });
    const id = (await add(self, {})).json().data._id as string;
    expect((await verify(id, self)).json()).toMatchObject({ status: 403, code: 'SELF_REVIEW' });
    const rejected = await authed(t, 'POST', `/admin/bank-accounts/${id}/reject`, admin.token, {
      reason: 'The bank returned another name',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'The bank returned another name',
    });
  });

  it('lets the owner remove an account, nobody else; a removed account may be added again', async () => {
    const user = await rahul(t);
    const stranger = await rahul(t);
    const number = freshNumber();
    const id = (await add(user, { account_number: number })).json().data._id as string;
    expect((await authed(t, 'DELETE', `/bank-accounts/${id}`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await authed(t, 'DELETE', `/bank-accounts/${id}`, user.token)).statusCode).toBe(200);
    expect((await authed(t, 'GET', '/bank-accounts', user.token)).json().data).toEqual([]);
    expect((await add(stranger, { account_number: number })).statusCode).toBe(201);
  });
});
