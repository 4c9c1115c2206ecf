import {
  adminKycDecisionSchema,
  adminKycQuerySchema,
  adminKycRequestSchema,
  kycRejectSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { adminActorOf } from '../../lib/request-auth.js';
import { adminKycRequests, reviewKycRequest } from './service.js';
import type { RouteGroup } from '../route-group.js';

const idParams = z.object({ id: z.uuid({ error: 'Verification request not found' }) });

/** Identity review, under /admin/kyc. Document images are read through GET /files/{id}. */
export const adminKycRoutes: RouteGroup = {
  prefix: '/admin/kyc',
  access: 'admin',
  routes: async (app) => {
    app.get('', {
      schema: {
        summary: 'Identity verification requests by status, searched by email or name',
        querystring: adminKycQuerySchema,
        response: pagedResponses(z.array(adminKycRequestSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status, search } = request.query;
        const { data, total } = await adminKycRequests(
          app.ctx,
          { page, pageSize: page_size },
          { status, search },
        );
        return okPage(data, total);
      },
    });

    app.post('/:id/approve', {
      schema: {
        summary: 'Approve a pending request: the user becomes verified',
        params: idParams,
        response: responses({ 200: adminKycDecisionSchema }),
      },
      handler: async (request) => {
        const result = await reviewKycRequest(app.ctx, adminActorOf(request), request.params.id, {
          approve: true,
        });
        return ok(200, 'Identity verification approved', result);
      },
    });

    app.post('/:id/reject', {
      schema: {
        summary: 'Reject a pending request with a reason the user will see',
        params: idParams,
        body: kycRejectSchema,
        response: responses({ 200: adminKycDecisionSchema }),
      },
      handler: async (request) => {
        const result = await reviewKycRequest(app.ctx, adminActorOf(request), request.params.id, {
          approve: false,
          reason: request.body.reason,
        });
        return ok(200, 'Identity verification rejected', result);
      },
    });
  },
};
