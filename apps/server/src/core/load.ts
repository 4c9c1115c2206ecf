import type { TdsConfig } from '../config/env.js';
import type { Db } from '../db/connect.js';
import { readTax, rebuildTax } from './tax/load-tax.js';
import type { TokenDirectory } from './tokens.js';
import { readTrading, rebuildTrading } from './trading/load-trading.js';
import { loadPairs } from './trading/pairs.js';
import { claimKey, creditKey, type CoreState } from './core-state.js';
import { depositFromRow, withdrawalFromRow } from './record-rows.js';

/**
 * Loads the core's memory from the database when the core starts (a process, or a standby taking
 * over): what was committed is all there is. Everything is read first and the state replaced in
 * one synchronous step. A failed batch never reloads: the unit of work's undo journal rolls it
 * back in memory. Tests load a second state beside a running core to compare the two.
 */
export async function loadCoreState(
  db: Db,
  state: CoreState,
  tokens: TokenDirectory,
  tax: { tds: TdsConfig; now: Date } | null = null,
): Promise<void> {
  // Loading into a state that has TDS settings keeps them (tests comparing a reload).
  const tds = tax?.tds ?? state.tax.config;
  if (!tds) throw new Error('the first load of the core needs the TDS settings');
  applyCoreRows(state, await readCoreRows(db, tokens, { tds, now: tax?.now ?? new Date() }));
}

/** The rows the core's memory is made of: every table read whole. */
export async function readCoreRows(
  db: Db,
  tokens: TokenDirectory,
  tax: { tds: TdsConfig; now: Date },
) {
  const [accounts, deposits, withdrawals, locked, trading, taxRows] = await Promise.all([
    db.selectFrom('accounts').selectAll().execute(),
    db.selectFrom('deposits').selectAll().where('status', 'in', LIVE_DEPOSITS).execute(),
    db.selectFrom('withdrawals').selectAll().where('status', 'in', LIVE_WITHDRAWALS).execute(),
    db
      .selectFrom('users')
      .select(['id', 'locked_at', 'lock_reason'])
      .where('locked_at', 'is not', null)
      .execute(),
    readTrading(db, (id) => tokens.find(id), tax.now),
    readTax(db, tax.tds, tax.now),
  ]);
  return { accounts, deposits, withdrawals, locked, trading, taxRows };
}

export type CoreRows = Awaited<ReturnType<typeof readCoreRows>>;

/** The deposits and withdrawals the core keeps in memory: those not yet settled. */
export const LIVE_DEPOSITS = ['pending', 'confirmed'] as const;
export const LIVE_WITHDRAWALS = ['awaiting_email_confirmation', 'pending', 'processing'] as const;

/** Replaces the state with `rows`, in one synchronous step. */
export function applyCoreRows(state: CoreState, rows: CoreRows): void {
  const { accounts, deposits, withdrawals, locked, trading, taxRows } = rows;
  state.reset();
  state.accounts.load(
    accounts.map((a) => ({
      id: a.id,
      userId: a.user_id,
      system: a.system,
      tokenId: a.token_id,
      walletType: a.wallet_type,
      available: BigInt(a.available),
      locked: BigInt(a.locked),
      stored: true,
    })),
  );
  for (const record of deposits.map(depositFromRow)) {
    const key = claimKey(record.txHash);
    const ids = state.claims.get(key) ?? new Set<string>();
    state.claims.set(key, ids.add(record.id));
    if (record.status === 'pending') state.pendingDeposits.set(record.id, record);
    else state.credited.add(creditKey(record.network, record.txHash, record.logIndex));
  }
  rebuildTrading(state.trading, trading);
  rebuildTax(state.tax, taxRows);
  for (const record of withdrawals.map(withdrawalFromRow))
    state.pendingWithdrawals.set(record.id, record);
  for (const u of locked)
    state.lockedUsers.set(u.id, { lockedAt: u.locked_at, reason: u.lock_reason });
}

/**
 * What a reader of the database needs of the core's memory, without the core: the token list and
 * the pairs (a gateway's reads name pairs and tokens; balances and books stay the core's).
 */
export async function loadReferenceData(
  db: Db,
  state: CoreState,
  tokens: TokenDirectory,
): Promise<void> {
  await tokens.reload();
  const pairs = await loadPairs(db, (id) => tokens.find(id));
  rebuildTrading(state.trading, {
    pairs,
    open: [],
    recent: [],
    last: undefined,
    lastTrades: [],
  });
}
