import type { DepositStatus, WithdrawalStatus } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { depositFromRow, withdrawalFromRow } from '../../core/record-rows.js';
import { toDepositDto, toWithdrawalDto } from './dto.js';
import type { Page } from '../../db/paginate.js';
import { depositPage, withdrawalPage } from './repository.js';

export async function depositHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  status?: DepositStatus,
) {
  const { rows, total } = await depositPage(ctx.db, userId, page, status);
  const data = rows.map(depositFromRow).map((d) => toDepositDto(d, ctx.core.tokens.get(d.tokenId)));
  return { data, total };
}

export async function withdrawalHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  status?: WithdrawalStatus,
) {
  const { rows, total } = await withdrawalPage(ctx.db, userId, page, status);
  const data = rows
    .map(withdrawalFromRow)
    .map((w) => toWithdrawalDto(w, ctx.core.tokens.get(w.tokenId)));
  return { data, total };
}
