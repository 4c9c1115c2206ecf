import { loginHistoryQuerySchema, loginRecordSchema } from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { okPage, pagedResponses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { languageOf } from '../../lib/request-origin.js';
import { loginHistory } from './service.js';

/** The signed-in user's own login history, under /auth. */
export const loginHistoryRoutes: RouteGroup = {
  prefix: '/auth',
  access: 'user',
  routes: async (app) => {
    app.get('/logins', {
      schema: {
        tags: ['auth'],
        summary: 'My login attempts, newest first',
        security: [{ bearer: [] }],
        querystring: loginHistoryQuerySchema,
        response: pagedResponses(z.array(loginRecordSchema)),
      },
      handler: async (request) => {
        const { page, page_size } = request.query;
        const { data, total } = await loginHistory(
          app.ctx,
          authOf(request).userId,
          { page, pageSize: page_size },
          languageOf(request),
        );
        return okPage(data, total);
      },
    });
  },
};
