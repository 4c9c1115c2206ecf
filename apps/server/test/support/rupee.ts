import { expect } from 'vitest';
import { authed, member, type Member } from './members.js';
import type { TestApp } from './test-app.js';

/** A bank account of the member's, added and verified by `admin`; its id. */
export async function verifiedBankAccount(
  t: TestApp,
  user: Member,
  admin: Member,
  account: { holder: string; number: string; ifsc?: string; upi?: string },
): Promise<string> {
  const added = await authed(t, 'POST', '/bank-accounts', user.token, {
    holder_name: account.holder,
    account_number: account.number,
    confirm_account_number: account.number,
    ifsc: account.ifsc ?? 'HDFC0001234',
    ...(account.upi ? { upi_id: account.upi } : {}),
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json().data._id as string;
  const verified = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token, {});
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
}

/** A verified member named Rahul Sharma. */
export const rahul = (t: TestApp) => member(t, { name: ['Rahul', 'Sharma'] });
