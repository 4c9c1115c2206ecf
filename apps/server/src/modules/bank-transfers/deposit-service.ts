import {
  INR,
  INR_DECIMALS,
  RUPEE_MESSAGES as M,
  type DepositRecordDto,
  type InrDepositClaim,
  type InrDepositInstructions,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { claimKey } from '../../core/core-state.js';
import { amountUnits } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';
import { AppError } from '../../lib/app-error.js';
import { findBankAccount } from '../bank-accounts/service.js';
import { toDepositDto } from '../deposits/dto.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { referenceOf } from './reference.js';
import { claimRupees } from './rupee-claims.js';

export const rupeeToken = (ctx: AppContext): Token => ctx.core.tokens.get(INR);

function collectionOf(ctx: AppContext) {
  const collection = ctx.config.rupee.collection;
  if (!collection) throw new AppError('UNAVAILABLE', 'Rupee deposits are not available');
  return collection;
}

/** Where the user pays in: the collection account, its UPI ID and the user's own reference. */
export async function depositInstructions(
  ctx: AppContext,
  userId: string,
): Promise<InrDepositInstructions> {
  await requireVerifiedIdentity(ctx, userId);
  const c = collectionOf(ctx);
  return {
    payee_name: c.payeeName,
    bank_name: c.bankName,
    account_number: c.accountNumber,
    ifsc: c.ifsc,
    vpa: c.vpa,
    reference: await referenceOf(ctx.db, userId, ctx.now()),
  };
}

/**
 * "I have paid": the user names the UTR, the amount and the verified account it came from. The
 * claim waits (pending) until an admin's statement upload matches it with the bank's credit, or
 * INR_CLAIM_EXPIRY_DAYS pass; at most INR_MAX_PENDING_CLAIMS wait at once. A UTR is claimed once
 * (the core's claim keys), whoever claims it.
 */
export async function claimRupeeDeposit(
  ctx: AppContext,
  userId: string,
  body: InrDepositClaim,
): Promise<DepositRecordDto> {
  await requireVerifiedIdentity(ctx, userId);
  collectionOf(ctx);
  const account = await findBankAccount(ctx.db, body.bank_account_id);
  if (account?.user_id !== userId || account.status !== 'verified')
    throw new AppError('BAD_REQUEST', M.accountNotVerified, {
      errors: { bank_account_id: M.accountNotVerified },
    });
  const token = rupeeToken(ctx);
  const amount = amountUnits(body.amount, INR_DECIMALS);
  if ((ctx.core.state.claims.get(claimKey(body.utr))?.size ?? 0) > 0)
    throw new AppError('CONFLICT', M.utrClaimed, { errors: { utr: M.utrClaimed } });
  const record = await ctx.core.sequencer.submit(
    claimRupees(
      {
        userId,
        tokenId: token.id,
        network: 'bank',
        senderAddress: account.id,
        txHash: body.utr,
        logIndex: -1,
        amount,
      },
      ctx.config.rupee.maxPendingClaims,
    ),
  );
  return toDepositDto(record, token);
}
