import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Network } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import { depositHistory, userDepositAddress } from '../deposits/service.js';
import type { RouteServices } from '../route-group.js';
import { userBalances } from '../wallets/service.js';
import { withdraw, withdrawalHistory } from '../withdrawals/service.js';
import { originOf } from '../../lib/request-origin.js';
import { BINANCE_ERRORS } from './errors.js';
import type { BinanceParams } from './params.js';
import { signedCall, timeParam } from './request.js';
import {
  networkOfCode,
  toBinanceDeposit,
  toBinanceWithdrawal,
  toCoinConfig,
} from './wallet-dto.js';
import { toWithdrawError } from './withdraw-errors.js';
import { withdrawRequestOf } from './withdraw-params.js';

const hide = { hide: true };
const HISTORY_MAX = 1000;
/** Binance's default window for deposit and withdrawal history: the last 90 days. */
const HISTORY_DAYS_MS = 90 * 86_400_000;

/** The coin a call names (`coin`), or -1121 "Invalid symbol." as Binance answers a bad coin. */
function coinOf(ctx: AppContext, params: BinanceParams) {
  const coin = params.optional('coin');
  if (coin === undefined) return undefined;
  const token = ctx.core.tokens.all().find((t) => t.shortName === coin.toUpperCase());
  if (!token) throw BINANCE_ERRORS.badSymbol();
  return token;
}

/** Records between `startTime` and `endTime` (the last 90 days when neither is given). */
function inWindow(params: BinanceParams, now: number) {
  const end = timeParam(params, 'endTime')?.getTime() ?? now;
  const start = timeParam(params, 'startTime')?.getTime() ?? end - HISTORY_DAYS_MS;
  return (iso: string) => {
    const at = Date.parse(iso);
    return at >= start && at <= end;
  };
}

/**
 * Binance's wallet API under /sapi/v1, the part programs read (ccxt's fetchStatus,
 * fetchCurrencies, fetchTradingFees, fetchDepositAddress, fetchDeposits, fetchWithdrawals): the
 * same records as /api/v1's wallets, in Binance's shapes, and ccxt's `withdraw` through our
 * withdrawal service (a key with the `withdraw` permission).
 */
export const binanceWalletRoutes: FastifyPluginAsync<RouteServices> = async (app, { market }) => {
  const { ctx } = app;

  app.get('/v1/system/status', { schema: hide }, async () => ({ status: 0, msg: 'normal' }));

  app.get('/v1/account/status', { schema: hide }, async (request) => {
    await signedCall(ctx, request, 'read');
    return { data: 'Normal' };
  });

  app.get('/v1/asset/tradeFee', { schema: hide }, async (request) => {
    const { params } = await signedCall(ctx, request, 'read');
    const symbol = params.optional('symbol');
    const pairs = [...ctx.core.state.trading.pairsBySymbol.values()].filter(
      (p) => symbol === undefined || p.symbol === symbol,
    );
    if (symbol !== undefined && pairs.length === 0) throw BINANCE_ERRORS.badSymbol();
    return pairs.map((p) => ({
      symbol: p.symbol,
      makerCommission: formatAmount(p.makerFee),
      takerCommission: formatAmount(p.takerFee),
    }));
  });

  app.get('/v1/capital/config/getall', { schema: hide }, async (request) => {
    const { auth } = await signedCall(ctx, request, 'read');
    const spot = new Map<string, { free: bigint; locked: bigint }>();
    for (const b of await userBalances(ctx.db, auth.userId))
      if (b.walletType === 'spot') spot.set(b.tokenId, { free: b.available, locked: b.locked });
    const confirmations = (network: string) =>
      ctx.config.chains[network as Network]?.confirmations ?? 0;
    return ctx.core.tokens
      .all()
      .map((t) => toCoinConfig(t, spot.get(t.id) ?? { free: 0n, locked: 0n }, confirmations));
  });

  app.get('/v1/capital/deposit/address', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const token = coinOf(ctx, params);
    if (!token) throw BINANCE_ERRORS.mandatory('coin');
    const code = params.optional('network');
    const network = token.networks.find(
      (n) => code === undefined || n.network === networkOfCode(code),
    )?.network;
    if (!network) throw BINANCE_ERRORS.illegalChars('network');
    const address = await userDepositAddress(ctx, auth.userId, network);
    return { address, coin: token.shortName, tag: '', url: '' };
  });

  app.get('/v1/capital/deposit/hisrec', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const token = coinOf(ctx, params);
    const limit = Math.min(params.integer('limit') ?? HISTORY_MAX, HISTORY_MAX);
    const within = inWindow(params, ctx.now().getTime());
    const { data } = await depositHistory(ctx, auth.userId, { page: 1, pageSize: HISTORY_MAX });
    const deposits = data
      .filter((d) => within(d.created_at) && (!token || d.token.symbol === token.shortName))
      .slice(0, limit);
    // One HD address receives on every EVM network: the user's, read once (it exists: they deposited).
    const onChain = deposits.find((d) => d.network !== 'bank');
    const address = onChain
      ? await userDepositAddress(ctx, auth.userId, onChain.network as Network)
      : null;
    return deposits.map((d) => toBinanceDeposit(d, d.network === 'bank' ? null : address));
  });

  app.get('/v1/capital/withdraw/history', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const token = coinOf(ctx, params);
    const limit = Math.min(params.integer('limit') ?? HISTORY_MAX, HISTORY_MAX);
    const within = inWindow(params, ctx.now().getTime());
    const { data } = await withdrawalHistory(ctx, auth.userId, { page: 1, pageSize: HISTORY_MAX });
    return data
      .filter((w) => within(w.created_at) && (!token || w.token.symbol === token.shortName))
      .slice(0, limit)
      .map(toBinanceWithdrawal);
  });

  /**
   * A withdrawal as the web's form asks it, with its checks, limits, review and notices
   * (`withdrawals/service.ts`), signed with a `withdraw` key; answered `{ id }` as Binance does,
   * the id `capital/withdraw/history` lists it under. Refusals in Binance's codes.
   */
  app.post('/v1/capital/withdraw/apply', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'withdraw');
    try {
      const body = withdrawRequestOf(ctx.core.tokens.all(), params);
      const evidenceOf = (symbol: string) => market.evidence(symbol);
      const record = await withdraw(ctx, evidenceOf, auth.userId, body, originOf(request), true);
      return { id: record._id };
    } catch (err) {
      throw toWithdrawError(err);
    }
  });
};
