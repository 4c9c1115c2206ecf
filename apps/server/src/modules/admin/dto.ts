import type { AuditLogEntry } from '@exchange/contracts';
import type { AuditLogRow } from './repository.js';

/** An entry of the audit trail as the API shows it. */
export function toAuditLogEntry(row: AuditLogRow): AuditLogEntry {
  return {
    _id: row.id,
    created_at: row.created_at.toISOString(),
    admin: { _id: row.admin_id, email: row.admin_email },
    ip: row.ip,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    user: row.user_id === null ? null : { _id: row.user_id, email: row.user_email ?? '' },
    before: row.before,
    after: row.after,
  };
}
