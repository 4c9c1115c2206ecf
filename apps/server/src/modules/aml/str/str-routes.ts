import { amlCaseDetailSchema, amlStrSchema, apiErrorSchema } from '@exchange/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActorOf } from '../../../lib/request-auth.js';
import { ok, recordIdParams, responses } from '../../../lib/route-schema.js';
import { fileStr, strFile } from './str-service.js';

const reportParams = recordIdParams.extend({ reportId: z.uuid({ error: 'Unknown id' }) });

/** A case's suspicious-transaction reports, below /admin/aml (admin-routes.ts registers them). */
export const strRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/cases/:id/str', {
    schema: {
      summary:
        "File an STR from the case: FIU-IND's FINnet 2.0 XML (STR, ARF) of its accounts, checked against the field list and kept with the case",
      params: recordIdParams,
      body: amlStrSchema,
      response: responses({ 200: amlCaseDetailSchema }),
    },
    handler: async (request) => {
      const { id } = request.params;
      return ok(200, 'STR filed', await fileStr(app.ctx, adminActorOf(request), id, request.body));
    },
  });

  app.get('/cases/:id/str/:reportId', {
    schema: {
      summary: 'A filed STR, the XML file as it was stored',
      params: reportParams,
      response: {
        200: {
          description: 'FINnet 2.0 XML (UTF-8)',
          content: { 'application/xml': { schema: z.string() } },
        },
        '4xx': apiErrorSchema,
        '5xx': apiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const { fileName, content } = await strFile(
        app.ctx,
        request.params.id,
        request.params.reportId,
      );
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  });
};
