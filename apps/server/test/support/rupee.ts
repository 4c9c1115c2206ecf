import { expect } from 'vitest';
import { authed, member, type Member } from './members.js';
import type { TestApp } from './test-app.js';

export const VALIDATION_HEADER = 'account_number,ifsc,vpa,registered_name,account_status,reference';
let validationSeq = 0;

/**
 * The bank's validation results (penny drop, UPI ID lookup) uploaded by `admin`: one row a
 * `[account_number, ifsc, vpa, registered_name, account_status]`; the answer.
 */
export function bankValidates(t: TestApp, admin: Member, rows: string[][]) {
  return authed(t, 'POST', '/admin/bank-accounts/validations', admin.token, {
    file_name: 'validation.csv',
    content: [
      VALIDATION_HEADER,
      ...rows.map((r) => [...r, `fav_${String(++validationSeq).padStart(14, '0')}`].join(',')),
    ].join('\n'),
  });
}

/**
 * A bank account of the member's, added, validated by the bank under `bankName` (the holder name
 * by default; its UPI ID too, when it has one) and verified by `admin`; its id.
 */
export async function verifiedBankAccount(
  t: TestApp,
  user: Member,
  admin: Member,
  account: { holder: string; number: string; ifsc?: string; upi?: string; bankName?: string },
): Promise<string> {
  const ifsc = account.ifsc ?? 'HDFC0001234';
  const added = await authed(t, 'POST', '/bank-accounts', user.token, {
    holder_name: account.holder,
    account_number: account.number,
    confirm_account_number: account.number,
    ifsc,
    ...(account.upi ? { upi_id: account.upi } : {}),
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json().data._id as string;
  const name = account.bankName ?? account.holder.toUpperCase();
  const validated = await bankValidates(t, admin, [
    [account.number, ifsc, '', name, 'active'],
    ...(account.upi ? [['', '', account.upi.toLowerCase(), name, 'active']] : []),
  ]);
  expect(validated.statusCode, validated.body).toBe(201);
  const verified = await authed(t, 'POST', `/admin/bank-accounts/${id}/verify`, admin.token, {});
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
}

/** Waits until rupee withdrawals to the member's account `id` open (SECURITY_HOLD_HOURS). */
export async function payoutsOpen(t: TestApp, user: Member, id: string): Promise<void> {
  const mine = await authed(t, 'GET', '/bank-accounts', user.token);
  const account = (mine.json().data as { _id: string; payouts_from: string | null }[]).find(
    (a) => a._id === id,
  );
  const from = Date.parse(account?.payouts_from ?? '');
  expect(Number.isNaN(from), mine.body).toBe(false);
  while (t.clock.now().getTime() <= from) await new Promise((r) => setTimeout(r, 50));
}

/** A verified member named Rahul Sharma. */
export const rahul = (t: TestApp) => member(t, { name: ['Rahul', 'Sharma'] });
