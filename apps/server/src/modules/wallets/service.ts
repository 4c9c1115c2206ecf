import type {
  TransferRequest,
  WalletGroup,
  WalletType,
  WithdrawRequest,
} from '@exchange/contracts';
import { amountCannotExceed, WALLET_TYPES } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount, parseAmount } from '../../core/money.js';
import { requestWithdrawal, transfer } from '../../core/wallet-commands.js';
import { AppError } from '../../lib/app-error.js';
import type { Token } from '../tokens/repository.js';
import { tokenRef } from '../tokens/token-directory.js';
import { requireVerifiedIdentity } from '../users/kyc-gate.js';
import { toWithdrawalDto } from './dto.js';
import { type AccountBalance, userBalances } from './repository.js';

/** A user-typed amount in ledger units, no finer than `decimals`, and above zero. */
export function amountUnits(value: string | number, decimals: number): bigint {
  const units = parseAmount(value, decimals);
  if (units === null)
    throw new AppError(400, 'BAD_REQUEST', `Amount allows at most ${decimals} decimal places`);
  if (units === 0n) throw new AppError(400, 'BAD_REQUEST', 'Amount must be greater than 0');
  return units * 10n ** BigInt(18 - decimals);
}

function balanceDto(token: Token, walletType: WalletType, balance: AccountBalance | undefined) {
  return {
    amount: formatAmount(balance?.available ?? 0n),
    locked_balance: formatAmount(balance?.locked ?? 0n),
    wallet_type: walletType,
    token: tokenRef(token),
  };
}

interface WalletQuery {
  walletType?: WalletType;
  tokenId?: string;
  page: number;
  pageSize: number;
}

/** The user's committed balances, looked up by token and wallet. */
async function balanceLookup(ctx: AppContext, userId: string) {
  const balances = await userBalances(ctx.db, userId);
  return (tokenId: string, wallet: WalletType) =>
    balances.find((b) => b.tokenId === tokenId && b.walletType === wallet);
}

function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** Every listed token with the user's balance in each wallet (zero where none), paged by token. */
export async function walletGroups(ctx: AppContext, userId: string, q: WalletQuery) {
  const find = await balanceLookup(ctx, userId);
  const tokens = ctx.core.tokens
    .all()
    .filter((t) => !q.tokenId || t.id === q.tokenId || t.shortName === q.tokenId);
  const wallets = q.walletType ? [q.walletType] : [...WALLET_TYPES];
  const data: WalletGroup[] = pageOf(tokens, q.page, q.pageSize).map((t) => ({
    token_id: t.id,
    short_name: t.shortName,
    name: t.name,
    decimals: t.decimals,
    balances: wallets.map((w) => balanceDto(t, w, find(t.id, w))),
  }));
  return { data, total: tokens.length };
}

function walletRow(token: Token, walletType: WalletType, balance: AccountBalance | undefined) {
  return {
    ...balanceDto(token, walletType, balance),
    token_id: token.id,
    short_name: token.shortName,
    name: token.name,
  };
}

/** One wallet's balances, one row per listed token. */
export async function walletList(
  ctx: AppContext,
  userId: string,
  walletType: WalletType,
  page: number,
  pageSize: number,
) {
  const find = await balanceLookup(ctx, userId);
  const tokens = ctx.core.tokens.all();
  const data = pageOf(tokens, page, pageSize).map((t) =>
    walletRow(t, walletType, find(t.id, walletType)),
  );
  return { data, total: tokens.length };
}

export async function tokenBalance(
  ctx: AppContext,
  userId: string,
  tokenIdOrSymbol: string,
  walletType: WalletType,
) {
  const token = ctx.core.tokens.get(tokenIdOrSymbol);
  const find = await balanceLookup(ctx, userId);
  return walletRow(token, walletType, find(token.id, walletType));
}

export async function transferFunds(
  ctx: AppContext,
  userId: string,
  body: TransferRequest,
): Promise<void> {
  const token = ctx.core.tokens.get(body.token_id);
  const amount = amountUnits(body.amount, token.decimals);
  const { from_wallet: from, to_wallet: to } = body;
  await ctx.core.sequencer.submit((state, work) => {
    const available = state.accounts.user(userId, token.id, from).available;
    if (available < amount)
      throw new AppError(400, 'INSUFFICIENT_BALANCE', amountCannotExceed(formatAmount(available)));
    transfer({ userId, tokenId: token.id, from, to, amount })(state, work);
  });
}

export async function withdraw(ctx: AppContext, userId: string, body: WithdrawRequest) {
  await requireVerifiedIdentity(ctx, userId);
  const token = ctx.core.tokens.get(body.token_id);
  const network = token.networks.find((n) => n.network === body.network);
  if (!network)
    throw new AppError(
      400,
      'BAD_REQUEST',
      `${token.shortName} cannot be withdrawn on ${body.network}`,
    );
  const amount = amountUnits(body.amount, Math.min(token.decimals, network.decimals));
  const record = await ctx.core.sequencer.submit(
    requestWithdrawal({
      userId,
      tokenId: token.id,
      network: body.network,
      address: body.address.toLowerCase(),
      amount,
    }),
  );
  return toWithdrawalDto(record, token);
}
