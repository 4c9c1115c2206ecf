import type { IdentityLevel, WithdrawLimits } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import { findUserById } from '../users/service.js';
import { valueWithdrawnSince } from './repository.js';

const DAY_MS = 86_400_000;

/** verified: identity verification approved; basic: not (only possible with KYC_REQUIRED off). */
export async function identityLevelOf(ctx: AppContext, userId: string): Promise<IdentityLevel> {
  const user = await findUserById(ctx.db, userId);
  return user?.verificationStatus === 'approved' ? 'verified' : 'basic';
}

/** The user's daily withdrawal limit by identity level and what the last 24 hours used of it. */
export async function withdrawLimitsOf(ctx: AppContext, userId: string) {
  const level = await identityLevelOf(ctx, userId);
  const limit = ctx.config.withdrawalDailyLimitUsdt[level];
  const since = new Date(ctx.now().getTime() - DAY_MS);
  const used = await valueWithdrawnSince(ctx.db, userId, since);
  return { level, limit, used, left: used >= limit ? 0n : limit - used };
}

export const toLimitsDto = (l: Awaited<ReturnType<typeof withdrawLimitsOf>>): WithdrawLimits => ({
  level: l.level,
  daily_limit_usdt: formatAmount(l.limit),
  used_usdt: formatAmount(l.used),
  left_usdt: formatAmount(l.left),
});
