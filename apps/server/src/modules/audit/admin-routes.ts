import { ledgerAuditRunSchema } from '@exchange/contracts';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { runLedgerAudit, storedRun } from './ledger-audit-runs.js';

/** The ledger audit for admins: run it (kept, and on the audit trail) and read the latest run. */
export const adminAuditRoutes: RouteGroup = {
  prefix: '/admin/audit',
  access: 'admin',
  routes: async (app) => {
    app.get('/ledger', {
      schema: {
        summary: 'The latest ledger audit an admin ran (null before the first)',
        response: responses({ 200: ledgerAuditRunSchema.nullable() }),
      },
      handler: async () => {
        const run = await storedRun(app.ctx);
        return ok(200, run ? 'Latest ledger audit' : 'The ledger audit has not run yet', run);
      },
    });

    app.post('/ledger', {
      schema: {
        summary: 'Check every ledger invariant now and report per-asset totals; the result is kept',
        response: responses({ 200: ledgerAuditRunSchema }),
      },
      handler: async (request) => {
        const run = await runLedgerAudit(app.ctx, adminActorOf(request));
        return ok(200, run.ok ? 'Ledger is consistent' : 'Ledger violations found', run);
      },
    });
  },
};
