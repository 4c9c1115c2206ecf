import {
  form26qfQuerySchema,
  pageQuerySchema,
  setUsdtInrRateSchema,
  usdtInrRateSchema,
  type TaxQuarter,
} from '@exchange/contracts';
import { z } from 'zod';
import { csvResponses, ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { adminActorOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { csvDownload } from '../../lib/csv.js';
import { FORM_26QF_COLUMNS, form26qfCsv, setUsdtInrRate, usdtInrRates } from './service.js';

/** The exchange's side of TDS: the USDT/INR reference rate and the quarterly return's lines. */
export const adminTaxRoutes: RouteGroup = {
  prefix: '/admin/tax',
  access: 'admin',
  routes: async (app) => {
    app.get('/usdt-inr-rates', {
      schema: {
        summary: 'The USDT/INR reference rates, newest (in force) first',
        querystring: pageQuerySchema,
        response: pagedResponses(z.array(usdtInrRateSchema)),
      },
      handler: async (request) => {
        const { page, page_size } = request.query;
        const { data, total } = await usdtInrRates(app.ctx, { page, pageSize: page_size });
        return okPage(data, total);
      },
    });

    app.post('/usdt-inr-rates', {
      schema: {
        summary: 'Set the USDT/INR reference rate: every later deduction is valued at it',
        body: setUsdtInrRateSchema,
        response: responses({ 200: z.object({ rate: z.string() }) }),
      },
      handler: async (request) => {
        await setUsdtInrRate(app.ctx, adminActorOf(request), request.body.rate);
        return ok(200, 'USDT/INR rate set', { rate: request.body.rate });
      },
    });

    app.get('/form-26qf', {
      schema: {
        summary:
          'The lines of a quarter’s TDS return (Form 26QF) as CSV, with PANs: the access is audited',
        querystring: form26qfQuerySchema,
        response: csvResponses(FORM_26QF_COLUMNS),
      },
      handler: async (request, reply) => {
        const { financial_year, quarter } = request.query;
        const csv = await form26qfCsv(
          app.ctx,
          adminActorOf(request),
          financial_year,
          quarter as TaxQuarter,
        );
        return csvDownload(reply, `form-26qf-${financial_year}-q${quarter}.csv`, csv);
      },
    });
  },
};
