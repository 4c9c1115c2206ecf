import type {
  AdminMarkets,
  NewPairRequest,
  NewTokenRequest,
  PairStatus,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { listPair, listToken, setPairFees, setPairStatus } from './commands.js';
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
