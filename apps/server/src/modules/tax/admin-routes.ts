import {
  GSTR1_COLUMNS,
  gstMonthSchema,
  form26qfQuerySchema,
  pageQuerySchema,
  setUsdtInrRateResultSchema,
  setUsdtInrRateSchema,
  usdtInrRateRulesSchema,
  usdtInrRateSchema,
  type TaxQuarter,
} from '@exchange/contracts';
import { z } from 'zod';
import {
  csvResponses,
  ok,
  okPage,
  pagedResponses,
  recordIdParams,
  responses,
} from '../../lib/route-schema.js';
import { adminActorOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { csvDownload } from '../../lib/csv.js';
import { FORM_26QF_COLUMNS, form26qfCsv } from './service.js';
import { gstr1Csv } from './gst-service.js';
import {
  approveRateProposal,
  declineRateProposal,
  setUsdtInrRate,
  usdtInrRateRules,
  usdtInrRates,
} from './rate-service.js';

/** The exchange's side of TDS: the USDT/INR reference rate and the quarterly return's lines. */
export const adminTaxRoutes: RouteGroup = {
  prefix: '/admin/tax',
  access: 'admin',
  routes: async (app, { market }) => {
    const evidenceOf = (symbol: string) => market.evidence(symbol);

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

    app.get('/usdt-inr-rates/rules', {
      schema: {
        summary:
          'What governs a rate change: the proposal waiting for a second admin, the USDTINR market price, the band and the bounds',
        response: responses({ 200: usdtInrRateRulesSchema }),
      },
      handler: async () => ok(200, 'OK', await usdtInrRateRules(app.ctx, evidenceOf)),
    });

    app.post('/usdt-inr-rates', {
      schema: {
        summary:
          'Set the USDT/INR reference rate: in force at once within the band of the USDTINR market price, else proposed for a second admin',
        body: setUsdtInrRateSchema,
        response: responses({ 200: setUsdtInrRateResultSchema }),
      },
      handler: async (request) => {
        const result = await setUsdtInrRate(
          app.ctx,
          evidenceOf,
          adminActorOf(request),
          request.body.rate,
        );
        return result.status === 'applied'
          ? ok(200, 'USDT/INR rate set', result)
          : ok(200, 'Rate proposed: a second admin must approve it', result);
      },
    });

    app.post('/usdt-inr-rates/proposals/:id/approve', {
      schema: {
        summary: 'A second, different admin approves the proposed rate: it is in force from now',
        params: recordIdParams,
        response: responses({ 200: z.object({ rate: z.string() }) }),
      },
      handler: async (request) => {
        const rate = await approveRateProposal(
          app.ctx,
          evidenceOf,
          adminActorOf(request),
          request.params.id,
        );
        return ok(200, 'USDT/INR rate set', { rate });
      },
    });

    app.post('/usdt-inr-rates/proposals/:id/decline', {
      schema: {
        summary: 'Decline the proposed rate (any admin): the rate in force stays',
        params: recordIdParams,
        response: responses({ 200: z.object({}) }),
      },
      handler: async (request) => {
        await declineRateProposal(app.ctx, adminActorOf(request), request.params.id);
        return ok(200, 'Rate proposal declined', {});
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

    app.get('/gstr-1', {
      schema: {
        summary:
          'GST collected on fees in a month, as GSTR-1 table 7 (B2C others) rows per place of supply, CSV',
        querystring: z.object({ month: gstMonthSchema }),
        response: csvResponses(GSTR1_COLUMNS),
      },
      handler: async (request, reply) => {
        const { month } = request.query;
        return csvDownload(reply, `gstr-1-b2cs-${month}.csv`, await gstr1Csv(app.ctx, month));
      },
    });
  },
};
