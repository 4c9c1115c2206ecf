import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { auditLedger } from './service.js';
import type { RouteGroup } from '../route-group.js';

const auditSchema = z.object({
  ok: z.boolean(),
  violations: z.array(z.string()),
  totals: z.array(
    z.object({
      token: z.string(),
      users: z.string(),
      fees: z.string(),
      deposited: z.string(),
      withdrawn: z.string(),
    }),
  ),
});

export const adminAuditRoutes: RouteGroup = {
  prefix: '/admin/audit',
  access: 'admin',
  routes: async (app) => {
    app.get('/ledger', {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Check every ledger invariant and report per-asset totals',
        response: responses({ 200: auditSchema }),
      },
      handler: async () => {
        const audit = await auditLedger(app.ctx.db);
        return ok(200, audit.ok ? 'Ledger is consistent' : 'Ledger violations found', audit);
      },
    });
  },
};
