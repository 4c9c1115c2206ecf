import type { ApiKeyScope } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { revokeUserKeys } from './repository.js';

/**
 * Revokes every live key of the user (or those with `scope`) and tells the key cache, which
 * closes their order-entry sockets here and, through the feed's relay, in every other process.
 * For recovery and locks (a password reset, an admin's lock) and turning the app off (review N-M2).
 * Answers the keys revoked; with `db` a transaction, call `announceRevoked` after it commits.
 */
export async function revokeKeysOf(
  ctx: AppContext,
  userId: string,
  scope?: ApiKeyScope,
  db: Db = ctx.db,
): Promise<string[]> {
  const ids = await revokeUserKeys(db, userId, ctx.now(), scope);
  if (db === ctx.db) announceRevoked(ctx, ids);
  return ids;
}

export function announceRevoked(ctx: AppContext, keyIds: string[]): void {
  for (const id of keyIds) ctx.apiKeys.revoked(id);
}
