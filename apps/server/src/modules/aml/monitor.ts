import type { FastifyBaseLogger } from 'fastify';
import { INR, QUOTE_ASSET } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { DAY_MS, HOUR_MS } from './rules/hit.js';
import { ledgerOne } from '../../core/money.js';
import { PAISA } from '../../core/paise.js';
import type { DepositRecord, WithdrawalRecord } from '../../core/records.js';
import { watchBankCredits, type BankCreditSeen } from '../bank-transfers/reconcile.js';
import { creditedDepositsOf } from '../deposits/service.js';
import { loginsFrom, watchLogins, type SignedIn } from '../login-history/service.js';
import { userTradesSince } from '../orders/service.js';
import { findUserById } from '../users/service.js';
import { withdrawalsTo } from '../withdrawals/service.js';
import { openCase } from './repository.js';
import { passThrough } from './rules/pass-through.js';
import { sharedAddress } from './rules/shared-address.js';
import { sharedDevice } from './rules/shared-device.js';
import { structuring } from './rules/structuring.js';
import { thirdPartyRemitter } from './rules/third-party-remitter.js';
import { watchVolume, type TradesTold } from './volume-monitor.js';

/** The evaluations still running, per app: a test waits for them (`amlIdle`). */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Paise of `amount` of a coin: rupees as they are, USDT at the USDT/INR rate in force; null for
 * any other coin (not valued yet: the rules skip it).
 */
function paiseOf(ctx: AppContext, tokenId: string, amount: bigint): bigint | null {
  const coin = ctx.core.tokens.find(tokenId)?.shortName;
  if (coin === INR) return amount / PAISA;
  if (coin === QUOTE_ASSET) return (amount * ctx.core.state.tax.usdtInr.rate) / ledgerOne / PAISA;
  return null;
}

async function valuedDeposits(ctx: AppContext, userId: string) {
  const rows = await creditedDepositsOf(ctx.db, userId);
  return rows.flatMap((r) => {
    const value = paiseOf(ctx, r.token_id, BigInt(r.amount));
    return value === null ? [] : [{ at: r.updated_at, value }];
  });
}

/** The user's fills since `since`, each valued at its quote amount (rupee and USDT pairs). */
async function valuedFills(ctx: AppContext, userId: string, since: Date) {
  const pairs = ctx.core.state.trading.pairsById;
  return (await userTradesSince(ctx.db, userId, since)).flatMap((t) => {
    const quote = pairs.get(t.pairId)?.quote.id;
    const value = quote === undefined ? null : paiseOf(ctx, quote, t.quoteQuantity);
    return value === null ? [] : [{ at: t.time, value }];
  });
}

async function afterDeposit(ctx: AppContext, d: DepositRecord): Promise<void> {
  const hit = structuring(
    d.userId,
    await valuedDeposits(ctx, d.userId),
    ctx.now(),
    ctx.config.aml.rules.structuring,
  );
  if (hit) await openCase(ctx.db, hit, d.userId, ctx.now());
}

async function afterWithdrawal(ctx: AppContext, w: WithdrawalRecord): Promise<void> {
  const value = paiseOf(ctx, w.tokenId, w.amount);
  if (value !== null) {
    const settings = ctx.config.aml.rules.passThrough;
    const since = new Date(w.updatedAt.getTime() - settings.windowHours * HOUR_MS);
    const input = {
      userId: w.userId,
      withdrawal: { at: w.updatedAt, value },
      deposits: await valuedDeposits(ctx, w.userId),
      fills: await valuedFills(ctx, w.userId, since),
    };
    const hit = passThrough(input, settings);
    if (hit) await openCase(ctx.db, hit, w.userId, ctx.now());
  }
  if (w.network === 'bank') return;
  const shared = sharedAddress(
    w.address,
    await withdrawalsTo(ctx.db, w.address),
    ctx.config.aml.rules.sharedAddress,
  );
  if (shared) await openCase(ctx.db, shared, w.address.toLowerCase(), ctx.now());
}

/** The accounts signed in from the login's address and from its device, each judged alone. */
async function afterLogin(ctx: AppContext, login: SignedIn): Promise<void> {
  const settings = ctx.config.aml.rules.sharedDevice;
  const now = ctx.now();
  const since = new Date(now.getTime() - settings.windowDays * DAY_MS);
  const origins = [
    { column: 'ip' as const, value: login.ip, name: `address ${login.ip}` },
    // The device by its keyed hash's first characters: enough to tell devices apart in a case.
    {
      column: 'device_hash' as const,
      value: login.deviceHash,
      name: `device ${login.deviceHash?.slice(0, 12)}`,
    },
  ];
  for (const { column, value, name } of origins) {
    if (value === null) continue;
    const hit = sharedDevice(
      name,
      await loginsFrom(ctx.db, { column, value }, since),
      now,
      settings,
    );
    if (hit) await openCase(ctx.db, hit, name, now);
  }
}

/** A rupee credit from the user's bank statement: the remitter's name against the user's. */
async function afterBankCredit(ctx: AppContext, credit: BankCreditSeen): Promise<void> {
  const user = await findUserById(ctx.db, credit.userId);
  if (!user) return;
  const deposit = { userId: credit.userId, reference: credit.utr, remitter: credit.remitterName };
  const hit = thirdPartyRemitter(deposit, `${user.firstName} ${user.lastName}`);
  if (hit) await openCase(ctx.db, hit, credit.userId, ctx.now());
}

/**
 * Runs the rules on the funds events the core tells after each durable batch, after whatever was
 * told before (the account notices), on each successful login once it is recorded, and on each
 * bank statement credit decided for a user, and on the market's trades (volume spike): each evaluation starts on a later turn of the event loop, so
 * the writer never waits for it, and a failure is logged, never thrown into the core.
 */
export function monitorFunds(ctx: AppContext, log: FastifyBaseLogger, market: TradesTold): void {
  const told = ctx.core.state.funds;
  const jobs = new Set<Promise<void>>();
  running.set(ctx, jobs);
  const run = (job: () => Promise<void>) => {
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err: unknown) => log.error({ err }, 'AML rule evaluation failed'))
      .finally(() => jobs.delete(p));
    jobs.add(p);
  };
  ctx.core.state.funds = {
    depositCredited(d) {
      told?.depositCredited(d);
      run(() => afterDeposit(ctx, d));
    },
    withdrawalClosed(w) {
      told?.withdrawalClosed(w);
      if (w.status === 'approved') run(() => afterWithdrawal(ctx, w));
    },
  };
  watchLogins(ctx, (login) => run(() => afterLogin(ctx, login)));
  watchBankCredits(ctx, (credit) => run(() => afterBankCredit(ctx, credit)));
  watchVolume(ctx, market, run, (userId, since) => valuedFills(ctx, userId, since));
}

/** Resolves once every evaluation started so far has finished. */
export async function amlIdle(ctx: AppContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}
