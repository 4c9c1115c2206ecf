import type { TestApp } from './test-app.js';

/** Who did what to one record, oldest first, as the admin audit trail kept it. */
export const adminActionsOn = (t: TestApp, targetId: string) =>
  t.database.db
    .selectFrom('admin_actions')
    .select(['admin_id', 'action'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();
