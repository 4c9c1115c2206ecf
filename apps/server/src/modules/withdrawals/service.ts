import {
  CONFIRM_LINK_MINUTES,
  type WithdrawalStatus,
  type WithdrawalRecordDto,
  type WithdrawRequest,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sameAddress, toChecksumAddress } from '../../chain/evm-address.js';
import type { AppContext } from '../../context.js';
import { adaptIdempotency, idempotent, type Idempotency } from '../../core/idempotency.js';
import { amountUnits, formatAmount } from '../../core/money.js';
import type { WithdrawalRecord } from '../../core/records.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { said, type Said } from '../../lib/messages.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { refuseUnlistedAddress } from '../address-book/service.js';
import { refusePausedWithdrawals } from '../withdrawal-pause/service.js';
import { refuseWhileHeld } from '../cooling-off/service.js';
import { isDepositAddress } from '../deposits/service.js';
import { withdrawalFunds } from '../security-notices/funds-notices.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { hasSecondFactor, requireSecondFactor } from '../two-factor/service.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { inTurn } from '../reviews/decide.js';
import { valueInUsdt, type MarketEvidenceOf } from '../reviews/valuation.js';
import { payeesOf } from './payees.js';
import { issueCancelLink, spendLink, withdrawalOfLink } from './cancel-links.js';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  expireUnconfirmed,
  payoutAmount,
  requestWithdrawal,
} from './commands.js';
import { issueConfirmLink, spendConfirm, withdrawalOfConfirmLink } from './confirm-links.js';
import { needsEmailConfirmation } from './email-confirmation.js';
import { toLimitsDto, withdrawLimitsOf } from './limits.js';
import { toWithdrawalDto } from './dto.js';
import { hasWithdrawnTo, userWithdrawalPage } from './repository.js';

/**
 * Requests a withdrawal from the funding wallet: the coin must live on the network, the amount be
 * no finer than the token on it, at least the network's minimum and above its fee; with the
 * whitelist on, the address must be saved (and old enough); within the user's daily limit. The
 * amount is held until an admin pays it out or refuses it, or the owner cancels it. One user's
 * requests are checked one at a time, so two at once cannot both pass the limit.
 */
export function withdraw(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  userId: string,
  body: WithdrawRequest,
  from: RequestOrigin,
  signedByKey = false,
  idempotency: Idempotency<WithdrawalRecordDto> | null = null,
) {
  return inTurn(`withdraw:${userId}`, async () => {
    await requireVerifiedIdentity(ctx, userId);
    // Session or key alike: the cooling-off period after a security change (review N-H1).
    await refuseWhileHeld(ctx, userId);
    await refusePausedWithdrawals(ctx, userId);
    await checkPayoutAddress(ctx, body.address);
    const token = ctx.core.tokens.get(body.token_id);
    const network = token.networks.find((n) => n.network === body.network);
    if (!network)
      throw new AppError('BAD_REQUEST', said('notOnNetwork', token.shortName, body.network));
    const amount = amountUnits(body.amount, Math.min(token.decimals, network.decimals));
    const fee = network.withdrawFee ?? 0n;
    checkFeeAndMinimum(amount, fee, network.withdrawMin ?? 0n, token.shortName);
    await refuseUnlistedAddress(ctx, userId, body.network, body.address);
    const valueUsdt = valueInUsdt(token, amount, evidenceOf, ctx.config.reviewMinVolumeUsdt);
    await checkDailyLimit(ctx, userId, valueUsdt);
    // Last of the checks, so a refused request does not spend the code. A request signed with an
    // API key carries none: a key may withdraw only if the second factor allowed its creation.
    if (!signedByKey) await requireSecondFactor(ctx, userId, body);
    // No second factor and an address never withdrawn to: the mailbox must confirm (W4-4).
    const awaitingEmail = needsEmailConfirmation({
      hasSecondFactor: await hasSecondFactor(ctx.db, userId),
      withdrawnToBefore: await hasWithdrawnTo(ctx.db, userId, body.network, body.address),
    });
    const record = await ctx.core.sequencer.submit(
      idempotent(
        requestWithdrawal({
          userId,
          tokenId: token.id,
          network: body.network,
          address: body.address.toLowerCase(),
          amount,
          fee,
          valueUsdt,
          awaitingEmail,
        }),
        adaptIdempotency(idempotency, (r: WithdrawalRecord) => toWithdrawalDto(r, token)),
      ),
    );
    const cancel = await issueCancelLink(ctx, record.id);
    const confirm = awaitingEmail ? await issueConfirmLink(ctx, record.id, userId) : undefined;
    const funds = withdrawalFunds(ctx, record);
    const event = {
      type: 'withdrawal_requested' as const,
      ...funds,
      fee: formatAmount(record.fee),
      receive: formatAmount(payoutAmount(record)),
      cancel,
      ...(confirm ? { confirm } : {}),
    };
    notifySecurityEvent(ctx, userId, event, from);
    return toWithdrawalDto(record, token);
  });
}

function checkFeeAndMinimum(amount: bigint, fee: bigint, minimum: bigint, coin: string): void {
  const refuse = (message: Said) =>
    new AppError('VALIDATION_ERROR', message, { errors: { amount: message } });
  if (amount < minimum) throw refuse(said('belowWithdrawMinimum', formatAmount(minimum), coin));
  if (amount <= fee) throw refuse(said('notAboveWithdrawFee', formatAmount(fee), coin));
}

/**
 * The user's withdrawals of the last 24 hours and this one must stay within the daily limit of
 * their identity level, in USDT. A coin the market cannot value counts 0: its review already needs
 * two admins (four-eyes rule), who see that it has no value.
 */
async function checkDailyLimit(ctx: AppContext, userId: string, value: bigint | null) {
  const { limit, used, left } = await withdrawLimitsOf(ctx, userId);
  if (value !== null && used + value > limit) {
    const message = said('overDailyWithdrawLimit', formatAmount(limit), formatAmount(left));
    throw new AppError('BAD_REQUEST', message, { errors: { amount: message } });
  }
}

/**
 * The owner cancels a withdrawal an admin has not acted on yet: the hold returns at once. The
 * single writer decides between a cancel and an admin's approval sent at once.
 */
export async function cancelOwnWithdrawal(
  ctx: AppContext,
  userId: string,
  id: string,
  from: RequestOrigin | null,
) {
  const record = await ctx.core.sequencer.submit(cancelWithdrawal({ userId, id }));
  notifySecurityEvent(
    ctx,
    userId,
    { type: 'withdrawal_cancelled', ...withdrawalFunds(ctx, record) },
    from,
  );
  return toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId));
}

/** The withdrawal a mail's cancel link names, for its confirm page (nothing changes). */
export async function withdrawalOfCancelLink(ctx: AppContext, token: string) {
  const record = await withdrawalOfLink(ctx, token);
  return toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId));
}

/** Cancels with a mail's link: the link is spent first, so it works once only. */
export async function cancelByLink(ctx: AppContext, token: string, from: RequestOrigin) {
  const record = await spendLink(ctx, token);
  return cancelOwnWithdrawal(ctx, record.userId, record.id, from);
}

/** The withdrawal a mail's confirm link names, for its page (nothing changes). */
export async function withdrawalToConfirm(ctx: AppContext, token: string) {
  const record = await withdrawalOfConfirmLink(ctx, token);
  return toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId));
}

/**
 * Confirms a withdrawal to a new address with its mail's link (walk-4 W4-4): the link is spent
 * first, so it works once only, and only for the withdrawal and user it was made for, while that
 * withdrawal still awaits (not cancelled, not expired). The withdrawal then waits for review.
 */
export async function confirmByLink(ctx: AppContext, token: string) {
  const link = await spendConfirm(ctx, token);
  const record = await ctx.core.sequencer.submit(confirmWithdrawal(link));
  return toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId));
}

/**
 * Cancels every withdrawal still awaiting its mail's confirmation after CONFIRM_LINK_MINUTES: the
 * hold returns and the owner is told. Answers how many.
 */
export async function expireUnconfirmedWithdrawals(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - CONFIRM_LINK_MINUTES * 60_000);
  const due = [...ctx.core.state.pendingWithdrawals.values()].filter(
    (w) => w.status === 'awaiting_email_confirmation' && w.createdAt <= before,
  );
  let expired = 0;
  for (const w of due) {
    const record = await ctx.core.sequencer.submit(expireUnconfirmed(w.id, before));
    if (!record) continue;
    expired += 1;
    const event = { type: 'withdrawal_cancelled' as const, ...withdrawalFunds(ctx, record) };
    notifySecurityEvent(ctx, record.userId, event);
  }
  return expired;
}

/** Expires unconfirmed withdrawals every minute; returns the function that stops it. */
export function startConfirmationExpiry(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    expireUnconfirmedWithdrawals(ctx).catch((err: unknown) =>
      log.error({ err }, 'expiring unconfirmed withdrawals failed'),
    );
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The user's daily limit and what is left of it. */
export async function withdrawLimits(ctx: AppContext, userId: string) {
  return toLimitsDto(await withdrawLimitsOf(ctx, userId));
}

/**
 * A payout address must be one a person controls outside the exchange: a mixed-case address must
 * carry a valid EIP-55 checksum (a typo is caught), and the zero address, listed token contracts
 * and this exchange's own deposit addresses are refused.
 */
async function checkPayoutAddress(ctx: AppContext, address: string): Promise<void> {
  const refuse = (message: Said) =>
    new AppError('VALIDATION_ERROR', message, { errors: { address: message } });
  const hex = address.slice(2);
  if (
    hex !== hex.toLowerCase() &&
    hex !== hex.toUpperCase() &&
    toChecksumAddress(address) !== address
  )
    throw refuse(said('addressChecksum'));
  if (/^0x0{40}$/.test(address)) throw refuse(said('addressZero'));
  const contracts = ctx.core.tokens.all().flatMap((t) => t.networks.map((n) => n.contractAddress));
  if (contracts.some((c) => sameAddress(c, address))) throw refuse(said('addressContract'));
  if (await isDepositAddress(ctx.db, address)) throw refuse(said('addressInternal'));
}

/** The user's withdrawals as the API shows them, newest first. */
export async function withdrawalHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  status?: WithdrawalStatus,
) {
  const { records, total } = await userWithdrawalPage(ctx.db, userId, page, status);
  const payees = await payeesOf(ctx.db, userId, records);
  const data = records.map((w) =>
    toWithdrawalDto(w, ctx.core.tokens.get(w.tokenId), payees.get(w.address)),
  );
  return { data, total };
}

export { withdrawalsTo, withdrawnSince } from './repository.js';
export { withdrawalsOutOf } from './withdrawals-out.js';
