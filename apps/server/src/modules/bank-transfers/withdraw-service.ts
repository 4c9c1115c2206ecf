import {
  INR_DECIMALS,
  INR_WITHDRAW_MIN,
  type InrWithdrawLimits,
  RUPEE_MESSAGES as M,
  type InrWithdrawRequest,
  type WithdrawalRecordDto,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { adaptIdempotency, idempotent, type Idempotency } from '../../core/idempotency.js';
import { amountUnits, formatAmount } from '../../core/money.js';
import type { WithdrawalRecord } from '../../core/records.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { findBankAccount, payoutsFrom, type BankAccountRow } from '../bank-accounts/service.js';
import { refusePausedWithdrawals } from '../withdrawal-pause/service.js';
import { refuseWhileHeld } from '../cooling-off/service.js';
import { inTurn } from '../reviews/decide.js';
import { withdrawalFunds } from '../security-notices/funds-notices.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { issueCancelLink } from '../withdrawals/cancel-links.js';
import { requestWithdrawal } from '../withdrawals/commands.js';
import { toWithdrawalDto } from '../withdrawals/dto.js';
import { withdrawnSince } from '../withdrawals/service.js';
import { rupeeToken } from './deposit-service.js';

const DAY_MS = 86_400_000;

/**
 * Review N4-L6: no rupees out to an account verified less than SECURITY_HOLD_HOURS (24 h) ago, so
 * that the owner's mail of its verification comes before any payout to it.
 */
function refuseNewPayoutAccount(ctx: AppContext, account: BankAccountRow) {
  const opens = payoutsFrom(account, ctx.config.securityHoldMs);
  if (opens && opens > ctx.now()) {
    const hours = String(ctx.config.securityHoldMs / 3_600_000);
    const message = said('bankAccountNew', hours, opens);
    throw new AppError('WITHDRAWALS_HELD', message, {
      held_until: opens.toISOString(),
      errors: { bank_account_id: message },
    });
  }
}

/** The rupee daily limit (INR_WITHDRAWAL_DAILY_LIMIT) and what the last 24 hours' requests left. */
async function dailyLimit(ctx: AppContext, userId: string) {
  const limit = ctx.config.rupee.withdrawalDailyLimit;
  const since = new Date(ctx.now().getTime() - DAY_MS);
  const used = await withdrawnSince(ctx.db, userId, rupeeToken(ctx).id, since);
  return { limit, left: used >= limit ? 0n : limit - used };
}

/** What the rupee withdraw dialog shows beside the amount (W4-15). */
export async function rupeeWithdrawLimits(
  ctx: AppContext,
  userId: string,
): Promise<InrWithdrawLimits> {
  const { limit, left } = await dailyLimit(ctx, userId);
  return {
    daily_limit: formatAmount(limit),
    left: formatAmount(left),
    fee: '0',
    minimum: String(INR_WITHDRAW_MIN),
  };
}

/**
 * Rupees out, to one of the user's verified bank accounts, verified at least SECURITY_HOLD_HOURS
 * ago (refuseNewPayoutAccount): held in the funding wallet at once,
 * within the daily limit (INR_WITHDRAWAL_DAILY_LIMIT, requests of the last 24 hours that were not
 * refused), stepped up by the second factor; admins approve it (four-eyes by value), pay it
 * through the bank's payout file, then mark it paid with the bank's UTR, or reject it (refunded).
 * One user's requests are checked one at a time, so two at once cannot both pass the limit.
 */
export function withdrawRupees(
  ctx: AppContext,
  userId: string,
  body: InrWithdrawRequest,
  from: RequestOrigin,
  idempotency: Idempotency<WithdrawalRecordDto> | null = null,
): Promise<WithdrawalRecordDto> {
  return inTurn(`inr-withdraw:${userId}`, async () => {
    await requireVerifiedIdentity(ctx, userId);
    await refuseWhileHeld(ctx, userId);
    await refusePausedWithdrawals(ctx, userId);
    const account = await findBankAccount(ctx.db, body.bank_account_id);
    if (account?.user_id !== userId || account.status !== 'verified')
      throw new AppError('BAD_REQUEST', M.accountNotVerified, {
        errors: { bank_account_id: M.accountNotVerified },
      });
    refuseNewPayoutAccount(ctx, account);
    const token = rupeeToken(ctx);
    const amount = amountUnits(body.amount, INR_DECIMALS);
    const { limit, left } = await dailyLimit(ctx, userId);
    if (amount > left) {
      const message = said('rupeeOverDailyLimit', formatAmount(limit), formatAmount(left));
      throw new AppError('BAD_REQUEST', message, { errors: { amount: message } });
    }
    await requireSecondFactor(ctx, userId, body);
    const record = await ctx.core.sequencer.submit(
      idempotent(
        requestWithdrawal({
          userId,
          tokenId: token.id,
          network: 'bank',
          address: account.id,
          amount,
          // Rupees have their own daily limit (above) and no network fee.
          fee: 0n,
          valueUsdt: null,
        }),
        adaptIdempotency(idempotency, (r: WithdrawalRecord) => toWithdrawalDto(r, token)),
      ),
    );
    const cancel = await issueCancelLink(ctx, record.id);
    const funds = withdrawalFunds(ctx, record);
    notifySecurityEvent(ctx, userId, { type: 'withdrawal_requested', ...funds, cancel }, from);
    return toWithdrawalDto(record, token);
  });
}
