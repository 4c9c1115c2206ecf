import type { Db } from '../../db/connect.js';
import type { LedgerAudit } from './service.js';

export interface StoredLedgerAudit extends LedgerAudit {
  id: string;
  adminId: string;
  createdAt: Date;
}

export async function insertLedgerAudit(db: Db, run: StoredLedgerAudit): Promise<void> {
  await db
    .insertInto('ledger_audits')
    .values({
      id: run.id,
      admin_id: run.adminId,
      ok: run.ok,
      violations: JSON.stringify(run.violations),
      totals: JSON.stringify(run.totals),
      created_at: run.createdAt,
    })
    .execute();
}

/** The run with this id, or else the newest run, with the email of the admin who started it. */
export async function findLedgerAudit(db: Db, id?: string) {
  let query = db
    .selectFrom('ledger_audits as l')
    .innerJoin('users as u', 'u.id', 'l.admin_id')
    .selectAll('l')
    .select('u.email');
  if (id) query = query.where('l.id', '=', id);
  return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(1).executeTakeFirst();
}
