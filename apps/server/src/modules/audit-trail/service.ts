import { randomUUID } from 'node:crypto';
import { adminActionToRow } from '../../core/record-rows.js';
import type { AdminAction } from '../../core/records.js';
import type { Db } from '../../db/connect.js';

/**
 * Appends to the admin audit trail an action taken outside the trading core (identity reviews,
 * document views, locks, the ledger audit), inside the caller's transaction when there is one.
 * The core's own commands record theirs in their batch (UnitOfWork.recordAdminAction).
 */
export async function recordAdminAction(db: Db, action: Omit<AdminAction, 'id'>): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values(adminActionToRow({ ...action, id: randomUUID() }))
    .execute();
}
