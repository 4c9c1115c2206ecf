import type { Core } from '../../src/core/core.js';
import { loadPairs } from '../../src/core/trading/pairs.js';
import type { Db } from '../../src/db/connect.js';
import { insertTokenRows, type NewToken } from '../../src/modules/listings/repository.js';

/** Lists a token once: an existing short name is left as it is and its id returned. */
export async function insertToken(db: Db, token: NewToken): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('tokens')
      .select('id')
      .where('short_name', '=', token.shortName)
      .executeTakeFirst();
    return existing?.id ?? insertTokenRows(trx, token);
  });
}

/** Brings tokens and pairs listed since the core started into it, through the writer. */
export async function refreshMarkets(core: Core, db: Db): Promise<void> {
  await core.tokens.reload();
  const pairs = await loadPairs(db, (id) => core.tokens.find(id));
  await core.sequencer.submit((state) => {
    for (const pair of pairs) state.trading.addPair(pair);
  });
}
