import type { FastifyBaseLogger } from 'fastify';
import type { TdsConfig } from '../config/env.js';
import type { OrderCaps } from './trading/order-caps.js';
import type { DatabaseHandle, Db } from '../db/connect.js';
import type { Metrics } from '../lib/metrics.js';
import { TokenDirectory } from './tokens.js';
import { CoreState } from './core-state.js';
import { loadCoreState } from './load.js';
import { persistWork } from './persist.js';
import { Sequencer } from './sequencer.js';

/** The trading core: the state the single writer owns, the writer itself, and the token list. */
export interface Core {
  state: CoreState;
  sequencer: Sequencer;
  tokens: TokenDirectory;
}

export async function startCore(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  now: () => Date,
  tds: TdsConfig,
  metrics?: Metrics,
  /** False: the state stays empty until `loadCore` (a warm standby loads it itself). */
  load = true,
  caps?: OrderCaps,
): Promise<Core> {
  const { db } = database;
  const state = new CoreState();
  if (caps) state.trading.caps = caps;
  const tokens = new TokenDirectory(db);
  const core = { state, tokens };
  if (load) await loadCore(core, db, { tds, now: now() });
  const sequencer = new Sequencer(state, {
    persist: (work) => persistWork(database, work),
    log,
    now,
    committed: metrics && ((batch) => metrics.batchCommitted(batch)),
  });
  // Stops a trade crossed before the last stop (or crash) that had not entered the book yet.
  sequencer.continueDueStops();
  return { state, sequencer, tokens };
}

/** Loads (or loads again) the token list and the core's memory from what was committed. */
export async function loadCore(
  core: Pick<Core, 'state' | 'tokens'>,
  db: Db,
  tax: { tds: TdsConfig; now: Date },
): Promise<void> {
  await core.tokens.reload();
  await loadCoreState(db, core.state, core.tokens, tax);
}
