import { authed, type Member } from './members.js';
import { rahul, verifiedBankAccount } from './rupee.js';
import type { TestApp } from './test-app.js';

export const STANDARD_HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
export const HDFC_HEADER =
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';

let utrSeq = 700000000000 + Math.floor(Math.random() * 1e9) * 100;
/** A fresh 12-digit UTR. */
export const nextUtr = () => String(++utrSeq);

/** Rahul Sharma with a verified account (its number and UPI ID his own). */
export async function rupeePayer(t: TestApp, admin: Member) {
  const user = await rahul(t);
  const number = `5010${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1e4)}`;
  const vpa = `rahul${number.slice(-6)}@okhdfcbank`;
  const account = await verifiedBankAccount(t, user, admin, {
    holder: 'RAHUL SHARMA',
    number,
    upi: vpa,
  });
  return { user, account, number, vpa };
}

export const claimRupees = (
  t: TestApp,
  user: Member,
  account: string,
  utr: string,
  amount: string,
) => authed(t, 'POST', '/inr/deposit', user.token, { utr, amount, bank_account_id: account });

/** A statement upload: a standard one gets its header. */
export const uploadStatement = (
  t: TestApp,
  by: Member,
  rows: string[],
  layout: 'standard' | 'hdfc' = 'standard',
  name = `statement-${Math.random()}.csv`,
) =>
  authed(t, 'POST', '/admin/bank-transfers/statements', by.token, {
    file_name: name,
    layout,
    content: [...(layout === 'standard' ? [STANDARD_HEADER] : []), ...rows].join('\n'),
  });

/** The member's INR in the funding wallet, as text ('0' when none). */
export async function inrOf(t: TestApp, user: Member): Promise<string> {
  const res = await authed(t, 'GET', '/wallets/funding', user.token);
  const m = /"amount":"([\d.]+)"[^}]*"symbol":"INR"/.exec(JSON.stringify(res.json().data));
  return m?.[1] ?? '0';
}
