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
  return res.json().data._id as string;
}

/** A user's withdrawal of `amount` to `address` on Ethereum, pending an admin; its id. */
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
  return res.json().data._id as string;
}
