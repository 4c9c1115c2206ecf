import {
  gstInvoicesSchema,
  gstMonthSchema,
  gstStateChangeSchema,
  gstStateSchema,
  type GstStateDto,
} from '@exchange/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { authOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { insertStateChange, stateChanges } from './gst-repository.js';
import { gstInvoicePdf } from './gst-invoice-pdf.js';
import { gstInvoice, listGstInvoices } from './gst-service.js';
import { vdaHolder } from './vda-service.js';

const tags = ['tax'];
const security = [{ bearer: [] }];

async function gstState(ctx: AppContext, userId: string): Promise<GstStateDto> {
  const changes = await stateChanges(ctx.db, userId);
  const latest = changes[0];
  return {
    state_code: latest?.state_code ?? null,
    source: latest?.source ?? null,
    updated_at: latest?.created_at.toISOString() ?? null,
    changes: changes.map((c) => ({
      state_code: c.state_code,
      source: c.source,
      reason: c.reason,
      at: c.created_at.toISOString(),
    })),
  };
}

/**
 * GST on the user's fees: their state (the place of supply; changed with a reason, each change
 * kept), and the monthly tax invoices, listed and downloaded as PDF.
 */
export const gstRoutes: RouteGroup = {
  prefix: '/tax/gst',
  access: 'user',
  routes: async (app) => {
    app.get('/state', {
      schema: {
        tags,
        security,
        summary: 'Your state for GST (the place of supply of the fees) and its changes',
        response: responses({ 200: gstStateSchema }),
      },
      handler: async (request) => ok(200, 'OK', await gstState(app.ctx, authOf(request).userId)),
    });

    app.put('/state', {
      schema: {
        tags,
        security,
        summary: 'Change your state for GST, saying why (kept in the audit trail)',
        body: gstStateChangeSchema,
        response: responses({ 200: gstStateSchema }),
      },
      handler: async (request) => {
        const userId = authOf(request).userId;
        const { state_code, reason } = request.body;
        const current = await gstState(app.ctx, userId);
        if (current.state_code === state_code)
          throw new AppError('BAD_REQUEST', 'That is already your state');
        const change = { userId, stateCode: state_code, source: 'user' as const, reason };
        await insertStateChange(app.ctx.db, change, app.ctx.now());
        return ok(200, 'OK', await gstState(app.ctx, userId));
      },
    });

    app.get('/invoices', {
      schema: {
        tags,
        security,
        summary: 'Your months with GST on fees, newest first, with each tax invoice’s figures',
        response: responses({ 200: gstInvoicesSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await listGstInvoices(app.ctx, authOf(request).userId)),
    });

    app.get('/invoices/:month/pdf', {
      schema: {
        tags,
        security,
        summary: 'A month’s tax invoice as PDF, numbered on its first download',
        params: z.object({ month: gstMonthSchema }),
        response: { 200: z.unknown().describe('application/pdf') },
      },
      handler: async (request, reply) => {
        const userId = authOf(request).userId;
        const { month } = request.params;
        const [invoice, holder] = await Promise.all([
          gstInvoice(app.ctx, userId, month),
          vdaHolder(app.ctx, userId),
        ]);
        const name = invoice.number.replace('/', '-');
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="tax-invoice-${name}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(gstInvoicePdf(invoice, holder));
      },
    });
  },
};
