import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { authed, type Member } from './members.js';
import type { TestApp } from './test-app.js';

/** A made-up transaction hash: a deposit claim no chain is asked about. */
export const txHash = () => `0x${randomBytes(32).toString('hex')}`;
export const SENDER = '0x1111111111111111111111111111111111111111';
export const PAYOUT = '0x2222222222222222222222222222222222222222';

/** A user's deposit claim of `amount` (on Ethereum, from SENDER), pending an admin; its id. */
export async function claimDeposit(
  t: TestApp,
  user: Member,
  amount: string,
  tokenId?: string,
  hash = txHash(),
): Promise<string> {
  const res = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
    network: 'ethereum',
    sender_address: SENDER,
    transaction_hash: hash,
    amount,
    ...(tokenId ? { token_id: tokenId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  if (res.json().data.status === 'awaiting_email_confirmation') await confirmByMail(t, user.email);
  return res.json().data._id as string;
}

/** The secret of the newest withdrawal confirm link mailed to `email` (walk-4 W4-4). */
export function confirmTokenOf(t: TestApp, email: string): string {
  const mail = t.outbox.list(email).find((m) => /withdraw\/confirm\?token=/.test(m.text));
  const token = mail?.text.match(/withdraw\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no withdrawal confirm link mailed to ${email}`);
  return token;
}

/**
 * Confirms, with its mail's link, the newest withdrawal of `email` awaiting it (a user without a
 * second factor, to an address never withdrawn to); answers the confirmed record.
 */
export async function confirmByMail(t: TestApp, email: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/withdrawal-confirm',
    payload: { token: confirmTokenOf(t, email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string };
}

/**
 * A user's withdrawal of `amount` to `address` on Ethereum, pending an admin (confirmed by mail
 * when it awaits that); its id.
 */
export async function requestWithdrawal(
  t: TestApp,
  user: Member,
  amount: string,
  tokenId: string,
  address = PAYOUT,
): Promise<string> {
  const res = await authed(t, 'POST', '/wallets/withdraw', user.token, {
    amount,
    address,
    token_id: tokenId,
    network: 'ethereum',
  });
  expect(res.statusCode, res.body).toBe(200);
  if (res.json().data.status === 'awaiting_email_confirmation') await confirmByMail(t, user.email);
  return res.json().data._id as string;
}
