import type { FastifyBaseLogger } from 'fastify';
import type { TdsConfig } from '../config/env.js';
import type { DatabaseHandle } from '../db/connect.js';
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
): Promise<Core> {
  const { db } = database;
  const state = new CoreState();
  const tokens = new TokenDirectory(db);
  await tokens.reload();
  await loadCoreState(db, state, tokens, { tds, now: now() });
  const sequencer = new Sequencer(state, {
    persist: (work) => persistWork(database, work),
    log,
    now,
    committed: metrics && ((batch) => metrics.batchCommitted(batch)),
  });
  return { state, sequencer, tokens };
}
