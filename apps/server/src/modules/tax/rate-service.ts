import type { SetUsdtInrRateResult, UsdtInrRateRules } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount, parseAmount } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { usdtInrRatesOf } from '../reviews/decide.js';
import type { MarketEvidenceOf } from '../reviews/valuation.js';
import { applyUsdtInrRate } from './commands.js';
import { rateChange } from './rate-rules.js';
import { units } from './dto.js';
import {
  decideRateProposal,
  insertRateProposal,
  insertUsdtInrRate,
  pendingRateProposal,
  usdtInrRatePage,
} from './repository.js';

/** The USDTINR market's own price, null when it cannot be trusted (reviews/valuation.ts). */
const marketRate = (ctx: AppContext, evidenceOf: MarketEvidenceOf) =>
  usdtInrRatesOf(ctx, evidenceOf).market;

function refuseOutOfBounds(ctx: AppContext, rate: bigint): void {
  const { min, max } = ctx.config.tds.usdtInrBounds;
  if (rate < min || rate > max)
    throw new AppError(
      'BAD_REQUEST',
      said('rateOutOfBounds', formatAmount(min), formatAmount(max)),
    );
}

/**
 * Stores a USDT/INR rate and puts it in force, with who set it and who approved it, on the admin
 * trail. The caller has checked who may.
 */
async function putInForce(
  ctx: AppContext,
  admin: AdminActor,
  rate: bigint,
  setBy: string,
  approval: { approvedBy: string; proposalId: string } | null,
  market: bigint | null,
) {
  const now = ctx.now();
  const before = formatAmount(ctx.core.state.tax.usdtInr.rate);
  await ctx.db.transaction().execute(async (trx) => {
    if (approval) {
      const closed = await decideRateProposal(
        trx,
        approval.proposalId,
        'approved',
        admin.adminId,
        now,
      );
      if (!closed) throw new AppError('NOT_FOUND', said('noPendingRateProposal'));
    }
    await insertUsdtInrRate(trx, rate, setBy, now, approval?.approvedBy ?? null);
    await recordAdminAction(trx, {
      ...admin,
      action: approval ? 'tax.usdt_inr_rate_approved' : 'tax.usdt_inr_rate_set',
      targetType: 'tax',
      targetId: approval?.proposalId ?? 'usdt_inr_rate',
      userId: null,
      before: { rate: before },
      after: {
        rate: formatAmount(rate),
        market_rate: market === null ? null : formatAmount(market),
        ...(approval ? { proposed_by: setBy } : {}),
      },
      createdAt: now,
    });
  });
  await ctx.core.sequencer.submit(applyUsdtInrRate({ rate, since: now }));
}

/**
 * An admin sets the USDT/INR rate (review N4-H2): never outside USDT_INR_RATE_MIN..MAX; within
 * USDT_INR_RATE_BAND_PERCENT of the USDTINR market's price it is in force at once; otherwise it
 * becomes a proposal (replacing any pending one) that a different admin approves.
 */
export async function setUsdtInrRate(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  rateText: string,
): Promise<SetUsdtInrRateResult> {
  const rate = parseAmount(rateText);
  if (rate === null || rate === 0n) throw new AppError('BAD_REQUEST', 'Rate must be above 0');
  refuseOutOfBounds(ctx, rate);
  const market = marketRate(ctx, evidenceOf);
  const change = rateChange(rate, market, ctx.config.tds.usdtInrBounds);
  if (change === 'one_admin') {
    await putInForce(ctx, admin, rate, admin.adminId, null, market);
    return { rate: formatAmount(rate), status: 'applied', proposal_id: null };
  }
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const proposalId = await insertRateProposal(trx, rate, admin.adminId, now);
    await recordAdminAction(trx, {
      ...admin,
      action: 'tax.usdt_inr_rate_proposed',
      targetType: 'tax',
      targetId: proposalId,
      userId: null,
      before: { rate: formatAmount(ctx.core.state.tax.usdtInr.rate) },
      after: {
        rate: formatAmount(rate),
        market_rate: market === null ? null : formatAmount(market),
      },
      createdAt: now,
    });
    return proposalId;
  });
  return { rate: formatAmount(rate), status: 'proposed', proposal_id: id };
}

/** A different admin approves the pending proposal `id`: the rate is in force from now. */
export async function approveRateProposal(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  id: string,
): Promise<string> {
  const pending = await pendingRateProposal(ctx.db);
  if (pending?.id !== id) throw new AppError('NOT_FOUND', said('noPendingRateProposal'));
  if (pending.proposed_by === admin.adminId)
    throw new AppError('SECOND_ADMIN_REQUIRED', said('ownRateProposal'));
  const rate = BigInt(pending.rate);
  // The bounds may have changed since it was proposed.
  refuseOutOfBounds(ctx, rate);
  const approval = { approvedBy: admin.adminId, proposalId: id };
  await putInForce(ctx, admin, rate, pending.proposed_by, approval, marketRate(ctx, evidenceOf));
  return formatAmount(rate);
}

/** Any admin, the proposer too, declines the pending proposal `id`; the rate in force stays. */
export async function declineRateProposal(ctx: AppContext, admin: AdminActor, id: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const closed = await decideRateProposal(trx, id, 'declined', admin.adminId, now);
    if (!closed) throw new AppError('NOT_FOUND', said('noPendingRateProposal'));
    await recordAdminAction(trx, {
      ...admin,
      action: 'tax.usdt_inr_rate_declined',
      targetType: 'tax',
      targetId: id,
      userId: null,
      before: { rate: units(closed.rate) },
      after: null,
      createdAt: now,
    });
  });
}

export async function usdtInrRates(ctx: AppContext, page: Page) {
  const { rows, total } = await usdtInrRatePage(ctx.db, page);
  const data = rows.map((r) => ({
    rate: units(r.rate),
    set_by: r.email,
    approved_by: r.approver,
    created_at: r.created_at.toISOString(),
  }));
  return { data, total };
}

/** The pending proposal, the market's price and the bounds, for the console's rate screen. */
export async function usdtInrRateRules(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
): Promise<UsdtInrRateRules> {
  const pending = await pendingRateProposal(ctx.db);
  const market = marketRate(ctx, evidenceOf);
  const { min, max, bandPercent } = ctx.config.tds.usdtInrBounds;
  return {
    proposal: pending
      ? {
          _id: pending.id,
          rate: units(pending.rate),
          proposed_by: pending.email,
          created_at: pending.created_at.toISOString(),
        }
      : null,
    market_rate: market === null ? null : formatAmount(market),
    band_percent: formatAmount(bandPercent),
    min: formatAmount(min),
    max: formatAmount(max),
  };
}
