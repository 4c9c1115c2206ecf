import { RUPEE_MESSAGES as M, MAX_BANK_ACCOUNTS } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionsOn } from './support/admin-actions.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, type Member } from './support/members.js';
import { rahul } from './support/rupee.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Bank accounts (issue 31): in the identity's name, format-checked, verified by an admin. */
describe.each(BACKENDS)('bank accounts on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const add = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/bank-accounts', user.token, {
      holder_name: 'RAHUL K SHARMA',
      account_number: '50100123456789',
      confirm_account_number: '50100123456789',
      ifsc: 'hdfc0001234',
      ...body,
    });

  it('adds an account in the identity’s name, masked to the user, pending until verified', async () => {
    const user = await rahul(t);
    const res = await add(user, { upi_id: 'Rahul.Sharma@okhdfcbank' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    expect(res.json().data).toMatchObject({
      account_number: 'XXXX6789',
      ifsc: 'HDFC0001234',
      bank: 'HDFC Bank',
      upi_id: 'rahul.sharma@okhdfcbank',
      status: 'pending',
    });
    const queue = await authed(t, 'GET', '/admin/bank-accounts?status=pending', admin.token);
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({
        _id: id,
        account_number: '50100123456789',
        identity_name: 'Rahul Sharma',
        name_match: 'fuzzy',
      }),
    );
    const verified = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token);
    expect(verified.json().data).toMatchObject({ status: 'verified' });
    const again = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token);
    expect(again.statusCode).toBe(404);
    const mine = await authed(t, 'GET', '/bank-accounts', user.token);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ _id: id, status: 'verified', account_number: 'XXXX6789' }),
    ]);
    expect(await adminActionsOn(t, id)).toEqual([
      expect.objectContaining({ action: 'bank_account.verified', admin_id: admin.id }),
    ]);
  });

  it('refuses bad formats, another person’s name, duplicates and more than the limit', async () => {
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
    const other = await add(user, { holder_name: 'Amit Verma' });
    expect(other.json()).toMatchObject({ status: 400, message: M.nameMismatch });

    expect((await add(user, {})).statusCode).toBe(201);
    expect((await add(user, {})).json()).toMatchObject({ status: 409, message: M.duplicate });
    for (let i = 1; i < MAX_BANK_ACCOUNTS; i++) {
      const n = `5010012345678${i}`;
      expect((await add(user, { account_number: n, confirm_account_number: n })).statusCode).toBe(
        201,
      );
    }
    const n = '60100123456789';
    const over = await add(user, { account_number: n, confirm_account_number: n });
    expect(over.json()).toMatchObject({ status: 400, message: M.tooMany });
    expect((await authed(t, 'GET', '/bank-accounts', user.token)).json().data).toHaveLength(
      MAX_BANK_ACCOUNTS,
    );
  });

  it('needs an approved identity, and an admin cannot verify their own account', async () => {
    const pending = await member(t, { kyc: 'pending_identity', name: ['Rahul', 'Sharma'] });
    expect((await add(pending, {})).json()).toMatchObject({ code: 'KYC_REQUIRED' });
    const self = await member(t, { role: 'admin', name: ['Rahul', 'Sharma'] });
    const id = (await add(self, {})).json().data._id as string;
    const res = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, self.token);
    expect(res.json()).toMatchObject({ status: 403, code: 'SELF_REVIEW' });
    const rejected = await authed(t, 'POST', `/admin/bank-accounts/${id}/reject`, admin.token, {
      reason: 'The cheque shows another name',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'The cheque shows another name',
    });
  });

  it('lets the owner remove an account, nobody else', async () => {
    const user = await rahul(t);
    const stranger = await rahul(t);
    const id = (await add(user, {})).json().data._id as string;
    expect((await authed(t, 'DELETE', `/bank-accounts/${id}`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await authed(t, 'DELETE', `/bank-accounts/${id}`, user.token)).statusCode).toBe(200);
    expect((await authed(t, 'GET', '/bank-accounts', user.token)).json().data).toEqual([]);
  });
});
