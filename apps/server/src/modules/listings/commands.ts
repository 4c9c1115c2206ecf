import {
  ADMIN_MARKET_MESSAGES as M,
  QUOTE_ASSET,
  type Network,
  type PairStatus,
} from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import { formatAmount, parseAmount } from '../../core/money.js';
import type { CoreState } from '../../core/core-state.js';
import type { Command } from '../../core/sequencer.js';
import type { Token, TokenDirectory, TokenNetwork } from '../../core/tokens.js';
import { notionalUnitOf, toPair, type Pair } from '../../core/trading/pairs.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { AdminActor } from '../../lib/request-auth.js';

export interface ListTokenInput {
  admin: AdminActor;
  token: Omit<Token, 'id'>;
}

/**
 * Lists a token: written in the batch, and in the token directory at once, so wallets, deposits
 * and withdrawals know it without a restart. A short name already listed is refused.
 */
export const listToken =
  ({ admin, token }: ListTokenInput, tokens: TokenDirectory): Command<Token> =>
  (_state, work) => {
    if (tokens.bySymbol(token.shortName)) throw new AppError('CONFLICT', M.shortNameTaken);
    const listed: Token = { ...token, id: randomUUID() };
    work.onUndo(tokens.add(listed));
    work.saveToken(listed);
    work.recordAdminAction({
      ...admin,
      action: 'token.listed',
      targetType: 'token',
      targetId: listed.id,
      userId: null,
      before: null,
      after: {
        name: listed.name,
        short_name: listed.shortName,
        decimals: listed.decimals,
        networks: listed.networks.map((n) => ({
          network: n.network,
          contract_address: n.contractAddress,
          decimals: n.decimals,
        })),
      },
    });
    return listed;
  };

export interface ListPairInput {
  admin: AdminActor;
  baseTokenId: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
}

const pairValues = (pair: Pair) => ({
  tick_size: pair.tickSize,
  lot_size: pair.lotSize,
  min_notional: formatAmount(pair.minNotional),
  ...feesOf(pair),
  status: pair.status,
});

const feesOf = (pair: Pair) => ({
  maker_fee: formatAmount(pair.makerFee),
  taker_fee: formatAmount(pair.takerFee),
});

/**
 * Lists a pair of a listed token against USDT: its book opens in the engine, the market data
 * and the feed serve it at once (they read the core's pairs), GET /symbols lists it, and its
 * first ticker tells open pages to load the pairs again.
 */
export const listPair =
  (input: ListPairInput, tokens: TokenDirectory): Command<Pair> =>
  (state, work) => {
    const base = tokens.find(input.baseTokenId) ?? tokens.bySymbol(input.baseTokenId);
    if (!base) throw new AppError('NOT_FOUND', 'Unknown token');
    const quote = tokens.bySymbol(QUOTE_ASSET);
    if (!quote) throw new AppError('CONFLICT', said('listQuoteFirst', QUOTE_ASSET));
    if (base.id === quote.id) throw new AppError('BAD_REQUEST', M.baseIsQuote);
    if (state.trading.findPair(`${base.shortName}${quote.shortName}`))
      throw new AppError('CONFLICT', M.pairListed);
    const tick = parseAmount(input.tickSize);
    const lot = parseAmount(input.lotSize);
    if (tick === null || lot === null || notionalUnitOf(tick, lot) === null)
      throw new AppError('BAD_REQUEST', M.stepsTooFine);
    const row = {
      id: randomUUID(),
      tick_size: input.tickSize,
      lot_size: input.lotSize,
      min_notional: input.minNotional,
      maker_fee: input.makerFee,
      taker_fee: input.takerFee,
      status: 'trading' as const,
      symbol_origin: 'local',
    };
    const pair = toPair(row, base, quote);
    state.trading.addPair(pair);
    work.onUndo(() => state.trading.removePair(pair));
    savePairChange(state, work, pair);
    work.recordAdminAction({
      ...input.admin,
      action: 'pair.listed',
      targetType: 'pair',
      targetId: pair.id,
      userId: null,
      before: null,
      after: { symbol: pair.symbol, ...pairValues(pair) },
    });
    return pair;
  };

export interface PairStatusInput {
  admin: AdminActor;
  symbol: string;
  status: PairStatus;
}

/**
 * Halts or resumes a pair. Halted, its open orders stay on the book and new orders are refused
 * (placeOrder); the next ticker carries the status to every screen.
 */
export const setPairStatus =
  ({ admin, symbol, status }: PairStatusInput): Command<Pair> =>
  (state, work) => {
    const pair = state.trading.pairOf(symbol);
    if (pair.status === status)
      throw new AppError('CONFLICT', status === 'halted' ? M.alreadyHalted : M.notHalted);
    const before = pair.status;
    work.update(pair, { status });
    savePairChange(state, work, pair);
    work.recordAdminAction({
      ...admin,
      action: status === 'halted' ? 'pair.halted' : 'pair.resumed',
      targetType: 'pair',
      targetId: pair.id,
      userId: null,
      before: { symbol: pair.symbol, status: before },
      after: { symbol: pair.symbol, status },
    });
    return pair;
  };

export interface PairFeesInput {
  admin: AdminActor;
  symbol: string;
  makerFee: string;
  takerFee: string;
}

/** Changes a pair's fees; fills from the next command on are charged the new rates. */
export const setPairFees =
  ({ admin, symbol, makerFee, takerFee }: PairFeesInput): Command<Pair> =>
  (state, work) => {
    const pair = state.trading.pairOf(symbol);
    const maker = parseAmount(makerFee);
    const taker = parseAmount(takerFee);
    if (maker === null || taker === null) throw new AppError('BAD_REQUEST', M.feeInvalid);
    const before = feesOf(pair);
    work.update(pair, { makerFee: maker, takerFee: taker });
    savePairChange(state, work, pair);
    work.recordAdminAction({
      ...admin,
      action: 'pair.fees_changed',
      targetType: 'pair',
      targetId: pair.id,
      userId: null,
      before: { symbol: pair.symbol, ...before },
      after: { symbol: pair.symbol, ...feesOf(pair) },
    });
    return pair;
  };

export interface WithdrawalFeeInput {
  admin: AdminActor;
  tokenId: string;
  network: Network;
  /** Ledger units of the token. */
  fee: bigint;
  minimum: bigint;
}

const withdrawFeesOf = (n: TokenNetwork) => ({
  withdraw_fee: formatAmount(n.withdrawFee ?? 0n),
  withdraw_min: formatAmount(n.withdrawMin ?? 0n),
});

/**
 * Sets the fee kept from each withdrawal of a token on one network and the smallest withdrawal
 * there (the fee included, so a minimum below the fee is raised to just above it by the requests'
 * own check). Withdrawals requested from the next command on use them; pending ones keep theirs.
 */
export const setWithdrawalFee =
  (input: WithdrawalFeeInput, tokens: TokenDirectory): Command<Token> =>
  (_state, work) => {
    const token = tokens.find(input.tokenId);
    if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
    const network = token.networks.find((n) => n.network === input.network);
    if (!network)
      throw new AppError('NOT_FOUND', said('notListedOn', token.shortName, input.network));
    const before = withdrawFeesOf(network);
    work.update(network, { withdrawFee: input.fee, withdrawMin: input.minimum });
    work.saveToken(token);
    work.recordAdminAction({
      ...input.admin,
      action: 'token.withdrawal_fee_set',
      targetType: 'token',
      targetId: token.id,
      userId: null,
      before: { network: input.network, ...before },
      after: { network: input.network, ...withdrawFeesOf(network) },
    });
    return token;
  };

/** Saves a new or changed pair; once it is durable, the market data sends its ticker. */
function savePairChange(state: CoreState, work: UnitOfWork, pair: Pair): void {
  work.savePair(pair);
  work.afterCommit(() => state.market?.pairChanged(pair));
}
