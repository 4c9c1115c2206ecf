import { randomUUID } from 'node:crypto';
import { RUPEE_MESSAGES as M } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { claimRupeeDeposit } from './deposit-service.js';

/** The rules of a rupee claim, on the service over a real (embedded) database. */
describe('claimRupeeDeposit', () => {
  const t = specContext({ INR_MAX_PENDING_CLAIMS: '2' });

  let utrs = 0;
  const nextUtr = () => `UTR${Date.now()}${++utrs}`;

  /** A bank account of `userId` in `status` (verified unless told). */
  async function account(userId: string, status: 'verified' | 'pending' = 'verified') {
    const id = randomUUID();
    const now = t.ctx.now();
    await t.ctx.db
      .insertInto('bank_accounts')
      .values({
        id,
        user_id: userId,
        holder_name: 'ASHA VERMA',
        account_number: String(Date.now()) + String(utrs++),
        ifsc: 'HDFC0001234',
        upi_id: null,
        status,
        proof_file_id: null,
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
        updated_at: now,
        bank_name: 'ASHA VERMA',
        validation_status: null,
        validation_ref: null,
        validated_at: null,
        upi_name: null,
      })
      .execute();
    return id;
  }

  async function payer() {
    const user = await t.user();
    return { userId: user.id, accountId: await account(user.id) };
  }

  const claim = (userId: string, accountId: string, utr = nextUtr(), amount = '1500.50') =>
    claimRupeeDeposit(t.ctx, userId, { utr, amount, bank_account_id: accountId });

  it('records a pending claim of the UTR from the user’s verified account', async () => {
    const { userId, accountId } = await payer();
    const utr = nextUtr();
    expect(await claim(userId, accountId, utr)).toMatchObject({
      status: 'pending',
      network: 'bank',
      tx_hash: utr,
      amount: '1500.5',
    });
  });

  it('takes a UTR once, whoever claims it', async () => {
    const first = await payer();
    const second = await payer();
    const utr = nextUtr();
    await claim(first.userId, first.accountId, utr);
    for (const { userId, accountId } of [first, second])
      await expect(claim(userId, accountId, utr)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: M.utrClaimed,
      });
  });

  it('refuses an account that is not the user’s, or not verified yet', async () => {
    const { userId } = await payer();
    const other = await payer();
    for (const accountId of [other.accountId, await account(userId, 'pending'), randomUUID()])
      await expect(claim(userId, accountId)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: M.accountNotVerified,
      });
  });

  it('refuses a claim past the cap of claims waiting (INR_MAX_PENDING_CLAIMS)', async () => {
    const { userId, accountId } = await payer();
    await claim(userId, accountId);
    await claim(userId, accountId);
    await expect(claim(userId, accountId)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a user whose identity is not verified', async () => {
    const user = await t.user({ verificationStatus: 'none' });
    await expect(claim(user.id, await account(user.id))).rejects.toMatchObject({
      code: 'KYC_REQUIRED',
    });
  });
});
