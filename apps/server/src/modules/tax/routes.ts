import {
  scheduleVdaQuerySchema,
  scheduleVdaSchema,
  tdsCsvQuerySchema,
  tdsDeductionSchema,
  tdsDeductionsQuerySchema,
  tdsRateSchema,
  tdsStatementQuerySchema,
  tdsStatementSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { csvResponses, ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { csvDownload } from '../../lib/csv.js';
import { DEDUCTION_COLUMNS, deductionsCsv, listDeductions, statement, tdsRate } from './service.js';
import { scheduleVdaCsv, scheduleVdaPdf, VDA_COLUMNS } from './vda-files.js';
import { scheduleVda, vdaHolder } from './vda-service.js';

const tags = ['tax'];
const security = [{ bearer: [] }];

/**
 * The signed-in user's TDS (section 194S): deductions, their CSV and the yearly statement; and
 * the Schedule VDA of a financial year for the return (section 115BBH), as data, CSV and PDF.
 */
export const taxRoutes: RouteGroup = {
  prefix: '/tax',
  access: 'user',
  routes: async (app) => {
    app.get('/deductions', {
      schema: {
        tags,
        security,
        summary: 'Your TDS deductions, one per side of each fill, newest first',
        querystring: tdsDeductionsQuerySchema,
        response: pagedResponses(z.array(tdsDeductionSchema)),
      },
      handler: async (request) => {
        const { page, page_size, financial_year } = request.query;
        const { data, total } = await listDeductions(
          app.ctx,
          authOf(request).userId,
          { page, pageSize: page_size },
          financial_year,
        );
        return okPage(data, total);
      },
    });

    app.get('/deductions/csv', {
      schema: {
        tags,
        security,
        summary: 'Your TDS deductions in a financial year as CSV (coin and INR)',
        querystring: tdsCsvQuerySchema,
        response: csvResponses(DEDUCTION_COLUMNS),
      },
      handler: async (request, reply) => {
        const year = request.query.financial_year;
        const csv = await deductionsCsv(app.ctx, authOf(request).userId, year);
        return csvDownload(reply, `tds-${year}.csv`, csv);
      },
    });

    app.get('/rate', {
      schema: {
        tags,
        security,
        summary: 'The TDS rate your next sale is charged at, and the threshold if one is set',
        response: responses({ 200: tdsRateSchema }),
      },
      handler: async (request) => ok(200, 'OK', tdsRate(app.ctx, authOf(request).userId)),
    });

    app.get('/statement', {
      schema: {
        tags,
        security,
        summary: 'Your TDS statement for a financial year: per quarter and for the year',
        querystring: tdsStatementQuerySchema,
        response: responses({ 200: tdsStatementSchema }),
      },
      handler: async (request) => {
        const data = await statement(app.ctx, authOf(request).userId, request.query.financial_year);
        return ok(200, 'OK', data);
      },
    });

    app.get('/schedule-vda', {
      schema: {
        tags,
        security,
        summary:
          'Your Schedule VDA: each transfer of a coin in the year, matched first in, first out',
        querystring: scheduleVdaQuerySchema,
        response: responses({ 200: scheduleVdaSchema }),
      },
      handler: async (request) => {
        const { financial_year } = request.query;
        return ok(200, 'OK', await scheduleVda(app.ctx, authOf(request).userId, financial_year));
      },
    });

    app.get('/schedule-vda/csv', {
      schema: {
        tags,
        security,
        summary: 'Your Schedule VDA as CSV, in the columns of the ITR utility',
        querystring: tdsCsvQuerySchema,
        response: csvResponses(VDA_COLUMNS),
      },
      handler: async (request, reply) => {
        const year = request.query.financial_year;
        const report = await scheduleVda(app.ctx, authOf(request).userId, year);
        return csvDownload(reply, `schedule-vda-${year}.csv`, scheduleVdaCsv(report));
      },
    });

    app.get('/schedule-vda/pdf', {
      schema: {
        tags,
        security,
        summary: 'Your Schedule VDA summary as PDF: per coin and for the year',
        querystring: tdsCsvQuerySchema,
        response: { 200: z.unknown().describe('application/pdf') },
      },
      handler: async (request, reply) => {
        const year = request.query.financial_year;
        const userId = authOf(request).userId;
        const [report, holder] = await Promise.all([
          scheduleVda(app.ctx, userId, year),
          vdaHolder(app.ctx, userId),
        ]);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="schedule-vda-${year}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(scheduleVdaPdf(report, holder));
      },
    });
  },
};
