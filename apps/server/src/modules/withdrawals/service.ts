import {
  WALLET_MESSAGES as M,
  type WithdrawalStatus,
  type WithdrawRequest,
} from '@exchange/contracts';
import { sameAddress, toChecksumAddress } from '../../chain/evm-address.js';
import type { AppContext } from '../../context.js';
import { amountUnits } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { refuseWhileHeld } from '../cooling-off/service.js';
import { isDepositAddress } from '../deposits/service.js';
import { withdrawalFunds } from '../security-notices/funds-notices.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { requestWithdrawal } from './commands.js';
import { toWithdrawalDto } from './dto.js';
import { userWithdrawalPage } from './repository.js';

/**
 * Requests a withdrawal from the funding wallet: the coin must live on the network, the amount be
 * no finer than the token on it; the amount is held until an admin pays it out or refuses it.
 */
export async function withdraw(
  ctx: AppContext,
  userId: string,
  body: WithdrawRequest,
  from: RequestOrigin,
  signedByKey = false,
) {
  await requireVerifiedIdentity(ctx, userId);
  // Session or key alike: the cooling-off period after a security change (review N-H1).
  await refuseWhileHeld(ctx, userId);
  await checkPayoutAddress(ctx, body.address);
  const token = ctx.core.tokens.get(body.token_id);
  const network = token.networks.find((n) => n.network === body.network);
  if (!network)
    throw new AppError('BAD_REQUEST', `${token.shortName} cannot be withdrawn on ${body.network}`);
  const amount = amountUnits(body.amount, Math.min(token.decimals, network.decimals));
  // Last of the checks, so a refused request does not spend the code. A request signed with an
  // API key carries none: a key may withdraw only if the second factor allowed its creation.
  if (!signedByKey) await requireSecondFactor(ctx, userId, body);
  const record = await ctx.core.sequencer.submit(
    requestWithdrawal({
      userId,
      tokenId: token.id,
      network: body.network,
      address: body.address.toLowerCase(),
      amount,
    }),
  );
  const funds = withdrawalFunds(ctx, record);
  notifySecurityEvent(ctx, userId, { type: 'withdrawal_requested', ...funds }, from);
  return toWithdrawalDto(record, token);
}

/**
 * A payout address must be one a person controls outside the exchange: a mixed-case address must
 * carry a valid EIP-55 checksum (a typo is caught), and the zero address, listed token contracts
 * and this exchange's own deposit addresses are refused.
 */
async function checkPayoutAddress(ctx: AppContext, address: string): Promise<void> {
  const refuse = (message: string) =>
    new AppError('VALIDATION_ERROR', message, { errors: { address: message } });
  const hex = address.slice(2);
  if (
    hex !== hex.toLowerCase() &&
    hex !== hex.toUpperCase() &&
    toChecksumAddress(address) !== address
  )
    throw refuse(M.addressChecksum);
  if (/^0x0{40}$/.test(address)) throw refuse(M.addressZero);
  const contracts = ctx.core.tokens.all().flatMap((t) => t.networks.map((n) => n.contractAddress));
  if (contracts.some((c) => sameAddress(c, address))) throw refuse(M.addressContract);
  if (await isDepositAddress(ctx.db, address)) throw refuse(M.addressInternal);
}

/** The user's withdrawals as the API shows them, newest first. */
export async function withdrawalHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  status?: WithdrawalStatus,
) {
  const { records, total } = await userWithdrawalPage(ctx.db, userId, page, status);
  const data = records.map((w) => toWithdrawalDto(w, ctx.core.tokens.get(w.tokenId)));
  return { data, total };
}

export { withdrawnSince } from './repository.js';
