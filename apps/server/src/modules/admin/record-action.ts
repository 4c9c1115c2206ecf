import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connect.js';

export interface AdminAction {
  adminId: string;
  /** e.g. `kyc.approve`, `file.view`. */
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
  at: Date;
}

/**
 * Appends to the admin audit trail. Actions outside the trading core (identity reviews, document
 * views) are written here, inside the caller's transaction when there is one.
 */
export async function recordAdminAction(db: Db, action: AdminAction): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({
      id: randomUUID(),
      admin_id: action.adminId,
      action: action.action,
      target_type: action.targetType,
      target_id: action.targetId,
      detail: JSON.stringify(action.detail),
      created_at: action.at,
    })
    .execute();
}
