import type { Network } from '@exchange/contracts';
import { depositAddress } from '../../chain/hd-wallet.js';
import type { AppContext } from '../../context.js';

/** The user's HD index, assigned on first use and never reused. */
async function hdIndexOf(ctx: AppContext, userId: string): Promise<number> {
  await ctx.db
    .insertInto('deposit_addresses')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('deposit_addresses')
    .select('hd_index')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.hd_index;
}

/** The user's own deposit address on `network`, derived from the exchange's HD key. */
export async function userDepositAddress(
  ctx: AppContext,
  userId: string,
  network: Network,
): Promise<string> {
  return depositAddress(ctx.hd, network, await hdIndexOf(ctx, userId));
}
