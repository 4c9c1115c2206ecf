import {
  AUDIT_LOG_CSV_COLUMNS,
  auditLogEntrySchema,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  type AuditLogExportQuery,
} from '@exchange/contracts';
import { z } from 'zod';
import { csvResponses, okPage, pagedResponses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { auditLogCsv } from './audit-log-csv.js';
import { csvDownload } from '../../lib/csv.js';
import { toAuditLogEntry } from './dto.js';
import { auditLogPage, type AdminActionFilter } from './repository.js';

const filterOf = (q: AuditLogExportQuery): AdminActionFilter => ({
  adminId: q.admin_id,
  action: q.action,
  userId: q.user_id,
});

/** The admin audit trail under /admin/audit-log: read, filtered and paged, or exported as CSV. */
export const adminAuditLogRoutes: RouteGroup = {
  prefix: '/admin/audit-log',
  access: 'admin',
  routes: async (app) => {
    app.get('', {
      schema: {
        summary: 'Every admin action, newest first; filter by admin, action and user',
        querystring: auditLogQuerySchema,
        response: pagedResponses(z.array(auditLogEntrySchema)),
      },
      handler: async (request) => {
        const { page, page_size: pageSize } = request.query;
        const filter = filterOf(request.query);
        const { rows, total } = await auditLogPage(app.ctx.db, filter, { page, pageSize });
        return okPage(rows.map(toAuditLogEntry), total);
      },
    });

    app.get('/export', {
      schema: {
        summary: 'The audit log as CSV, with the same filters, every matching entry',
        querystring: auditLogExportQuerySchema,
        response: csvResponses(AUDIT_LOG_CSV_COLUMNS),
      },
      handler: async (request, reply) => {
        const stamp = app.ctx.now().toISOString().slice(0, 19).replace(/[-:]/g, '');
        return csvDownload(
          reply,
          `audit-log-${stamp}.csv`,
          auditLogCsv(app.ctx.db, filterOf(request.query)),
        );
      },
    });
  },
};
