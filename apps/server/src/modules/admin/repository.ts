import type { AdminActionName } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

export interface AdminActionFilter {
  adminId?: string;
  action?: AdminActionName;
  userId?: string;
}

/** An entry of the trail with the emails of the admin and of the user acted on. */
export type AuditLogRow = Awaited<ReturnType<typeof auditLogPage>>['rows'][number];

function auditLogQuery(db: Db, filter: AdminActionFilter) {
  let query = db
    .selectFrom('admin_actions as a')
    .innerJoin('users as admin', 'admin.id', 'a.admin_id')
    .leftJoin('users as subject', 'subject.id', 'a.user_id')
    .selectAll('a')
    .select(['admin.email as admin_email', 'subject.email as user_email']);
  if (filter.adminId) query = query.where('a.admin_id', '=', filter.adminId);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.userId) query = query.where('a.user_id', '=', filter.userId);
  return query;
}

/** One page of the trail, newest first. */
export async function auditLogPage(db: Db, filter: AdminActionFilter, page: Page) {
  return paginate(
    auditLogQuery(db, filter).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'),
    page,
  );
}

/** Where a walk through the trail stopped: the last entry it read. */
export interface AuditLogCursor {
  createdAt: Date;
  id: string;
}

/**
 * The next `limit` entries after `cursor`, newest first: the CSV export walks the whole trail
 * this way, a bounded chunk at a time, instead of holding it in memory.
 */
export async function auditLogChunk(
  db: Db,
  filter: AdminActionFilter,
  cursor: AuditLogCursor | null,
  limit: number,
) {
  let query = auditLogQuery(db, filter);
  if (cursor)
    query = query.where((eb) =>
      eb.or([
        eb('a.created_at', '<', cursor.createdAt),
        eb.and([eb('a.created_at', '=', cursor.createdAt), eb('a.id', '<', cursor.id)]),
      ]),
    );
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}
