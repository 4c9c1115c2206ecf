import type { LedgerAuditRun } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { findLedgerAudit, insertLedgerAudit } from './repository.js';
import { auditLedger, type AssetTotals } from './service.js';

/**
 * Runs the ledger audit for an admin and keeps the result, with the run on the audit trail (its
 * verdict and number of violations), in one transaction.
 */
export async function runLedgerAudit(ctx: AppContext, admin: AdminActor): Promise<LedgerAuditRun> {
  const audit = await auditLedger(ctx.db);
  const now = ctx.now();
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await insertLedgerAudit(trx, { ...audit, id, adminId: admin.adminId, createdAt: now });
    await recordAdminAction(trx, {
      ...admin,
      action: 'ledger.audited',
      targetType: 'ledger',
      targetId: id,
      userId: null,
      before: null,
      after: { ok: audit.ok, violations: audit.violations.length },
      createdAt: now,
    });
  });
  return (await storedRun(ctx, id)) as LedgerAuditRun;
}

/** The run with this id, or else the latest run an admin started; null when none has run yet. */
export async function storedRun(ctx: AppContext, id?: string): Promise<LedgerAuditRun | null> {
  const row = await findLedgerAudit(ctx.db, id);
  if (!row) return null;
  return {
    _id: row.id,
    created_at: row.created_at.toISOString(),
    admin: { _id: row.admin_id, email: row.email },
    ok: row.ok,
    violations: row.violations,
    totals: row.totals as unknown as AssetTotals[],
  };
}
