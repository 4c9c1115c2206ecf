import { INR, INR_DECIMALS } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';

export const RUPEE = { shortName: INR, name: 'Indian Rupee', decimals: INR_DECIMALS, networks: [] };

/**
 * Lists the rupee (a fiat token of the funding wallet, on no chain: it moves on the bank rail)
 * on a database that does not have it yet. Runs at start-up, before the core loads the tokens.
 */
export async function listRupee(db: Db): Promise<void> {
  await db
    .insertInto('tokens')
    .values({ name: RUPEE.name, short_name: RUPEE.shortName, decimals: RUPEE.decimals })
    .onConflict((oc) => oc.column('short_name').doNothing())
    .execute();
}
