import {
  ADMIN_MARKET_MESSAGES as M,
  amountAllowsDecimals,
  type AdminMarkets,
  type Network,
  type WithdrawalFeeRequest,
  type NewPairRequest,
  type NewTokenRequest,
  type PairStatus,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { LEDGER_DECIMALS, parseAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { listPair, listToken, setPairFees, setPairStatus, setWithdrawalFee } from './commands.js';
import { toAdminPairDto, toAdminTokenDto } from './dto.js';

/** Every listed token and pair, pairs with their count of open orders. */
export function markets(ctx: AppContext): AdminMarkets {
  const { trading } = ctx.core.state;
  const open = new Map<string, number>();
  for (const order of trading.openOrders.values())
    open.set(order.pair.id, (open.get(order.pair.id) ?? 0) + 1);
  return {
    tokens: ctx.core.tokens.all().map(toAdminTokenDto),
    pairs: [...trading.pairsById.values()].map((p) => toAdminPairDto(p, open.get(p.id) ?? 0)),
  };
}

const pairDto = (ctx: AppContext, pair: Pair) => {
  let open = 0;
  for (const order of ctx.core.state.trading.openOrders.values()) if (order.pair === pair) open++;
  return toAdminPairDto(pair, open);
};

/** The schema has checked and normalised the body (short name upper-cased, contracts lower). */
export async function addToken(ctx: AppContext, admin: AdminActor, body: NewTokenRequest) {
  const token = await ctx.core.sequencer.submit(
    listToken(
      {
        admin,
        token: {
          name: body.name,
          shortName: body.short_name,
          decimals: body.decimals,
          networks: body.networks.map((n) => ({
            network: n.network,
            contractAddress: n.contract_address,
            decimals: n.decimals,
          })),
        },
      },
      ctx.core.tokens,
    ),
  );
  return toAdminTokenDto(token);
}

export async function addPair(ctx: AppContext, admin: AdminActor, body: NewPairRequest) {
  const pair = await ctx.core.sequencer.submit(
    listPair(
      {
        admin,
        baseTokenId: body.base_token_id,
        tickSize: body.tick_size,
        lotSize: body.lot_size,
        minNotional: body.min_notional,
        makerFee: body.maker_fee,
        takerFee: body.taker_fee,
      },
      ctx.core.tokens,
    ),
  );
  return pairDto(ctx, pair);
}

export async function changePairStatus(
  ctx: AppContext,
  admin: AdminActor,
  symbol: string,
  status: PairStatus,
) {
  const pair = await ctx.core.sequencer.submit(setPairStatus({ admin, symbol, status }));
  return pairDto(ctx, pair);
}

export async function changePairFees(
  ctx: AppContext,
  admin: AdminActor,
  symbol: string,
  fees: { maker_fee: string; taker_fee: string },
) {
  const pair = await ctx.core.sequencer.submit(
    setPairFees({ admin, symbol, makerFee: fees.maker_fee, takerFee: fees.taker_fee }),
  );
  return pairDto(ctx, pair);
}

/**
 * An admin sets a coin's withdrawal fee and minimum on one network, no finer than the coin is
 * there (a finer fee could not be paid out).
 */
export async function changeWithdrawalFee(
  ctx: AppContext,
  admin: AdminActor,
  target: { tokenId: string; network: Network },
  body: WithdrawalFeeRequest,
) {
  const token = ctx.core.tokens.get(target.tokenId);
  const onNetwork = token.networks.find((n) => n.network === target.network);
  if (!onNetwork)
    throw new AppError('NOT_FOUND', said('notListedOn', token.shortName, target.network));
  const places = Math.min(token.decimals, onNetwork.decimals);
  const units = (value: string, field: string) => {
    const parsed = parseAmount(value, places);
    if (parsed !== null) return parsed * 10n ** BigInt(LEDGER_DECIMALS - places);
    const message = amountAllowsDecimals(places);
    throw new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });
  };
  const fee = units(body.fee, 'fee');
  const minimum = units(body.minimum, 'minimum');
  if (minimum > 0n && minimum <= fee)
    throw new AppError('VALIDATION_ERROR', M.withdrawMinBelowFee, {
      errors: { minimum: M.withdrawMinBelowFee },
    });
  const changed = await ctx.core.sequencer.submit(
    setWithdrawalFee(
      { admin, tokenId: token.id, network: target.network, fee, minimum },
      ctx.core.tokens,
    ),
  );
  return toAdminTokenDto(changed);
}
