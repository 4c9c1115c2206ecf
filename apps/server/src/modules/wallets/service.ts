import type { TransferRequest, WalletGroup, WalletType } from '@exchange/contracts';
import { WALLET_TYPES } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { idempotent, type Idempotency } from '../../core/idempotency.js';
import { amountUnits, formatAmount } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { transfer } from './commands.js';
import { toBalanceDto, toWalletRowDto } from './dto.js';
import { userBalances } from './repository.js';

interface WalletQuery extends Page {
  walletType?: WalletType;
  tokenId?: string;
}

/** The user's committed balances, looked up by token and wallet. */
async function balanceLookup(ctx: AppContext, userId: string) {
  const balances = await userBalances(ctx.db, userId);
  return (tokenId: string, wallet: WalletType) =>
    balances.find((b) => b.tokenId === tokenId && b.walletType === wallet);
}

function pageOf<T>(items: T[], { page, pageSize }: Page): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** Every listed token with the user's balance in each wallet (zero where none), paged by token. */
export async function walletGroups(ctx: AppContext, userId: string, q: WalletQuery) {
  const find = await balanceLookup(ctx, userId);
  const tokens = ctx.core.tokens
    .all()
    .filter((t) => !q.tokenId || t.id === q.tokenId || t.shortName === q.tokenId);
  const wallets = q.walletType ? [q.walletType] : [...WALLET_TYPES];
  const data: WalletGroup[] = pageOf(tokens, q).map((t) => ({
    token_id: t.id,
    short_name: t.shortName,
    name: t.name,
    decimals: t.decimals,
    networks: t.networks.map((n) => ({
      network: n.network,
      decimals: n.decimals,
      withdraw_fee: formatAmount(n.withdrawFee ?? 0n),
      withdraw_min: formatAmount(n.withdrawMin ?? 0n),
    })),
    balances: wallets.map((w) => toBalanceDto(t, w, find(t.id, w))),
  }));
  return { data, total: tokens.length };
}

/** One wallet's balances, one row per listed token. */
export async function walletList(
  ctx: AppContext,
  userId: string,
  walletType: WalletType,
  page: Page,
) {
  const find = await balanceLookup(ctx, userId);
  const tokens = ctx.core.tokens.all();
  const data = pageOf(tokens, page).map((t) =>
    toWalletRowDto(t, walletType, find(t.id, walletType)),
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
  return toWalletRowDto(token, walletType, find(token.id, walletType));
}

export async function transferFunds(
  ctx: AppContext,
  userId: string,
  body: TransferRequest,
  idempotency: Idempotency<void> | null = null,
): Promise<void> {
  const token = ctx.core.tokens.get(body.token_id);
  const amount = amountUnits(body.amount, token.decimals);
  const { from_wallet: from, to_wallet: to } = body;
  await ctx.core.sequencer.submit(
    idempotent(transfer({ userId, tokenId: token.id, from, to, amount }), idempotency),
  );
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { balancesOfUsers, userBalances, userLedgerPage } from './repository.js';
