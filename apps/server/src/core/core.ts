import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { TokenDirectory } from '../modules/tokens/token-directory.js';
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

export async function startCore(db: Db, log: FastifyBaseLogger, now: () => Date): Promise<Core> {
  const state = new CoreState();
  const tokens = new TokenDirectory(db);
  await Promise.all([loadCoreState(db, state), tokens.reload()]);
  const sequencer = new Sequencer(state, {
    persist: (work) => persistWork(db, work),
    reload: () => loadCoreState(db, state),
    log,
    now,
  });
  return { state, sequencer, tokens };
}
