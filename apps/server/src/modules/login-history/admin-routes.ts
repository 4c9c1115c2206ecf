import { loginHistoryQuerySchema, loginRecordSchema } from '@exchange/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { okPage, pagedResponses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { findUserById } from '../users/service.js';
import { languageOf } from '../../lib/request-origin.js';
import { loginHistory } from './service.js';

/** A user's login history for the admins, under /admin/users. */
export const adminLoginHistoryRoutes: RouteGroup = {
  prefix: '/admin/users',
  access: 'admin',
  routes: async (app) => {
    app.get('/:id/logins', {
      schema: {
        summary: "A user's login attempts, newest first",
        params: z.object({ id: z.uuid({ error: 'Unknown user' }) }),
        querystring: loginHistoryQuerySchema,
        response: pagedResponses(z.array(loginRecordSchema)),
      },
      handler: async (request) => {
        const { id } = request.params;
        if (!(await findUserById(app.ctx.db, id))) throw new AppError('NOT_FOUND', 'Unknown user');
        const { page, page_size } = request.query;
        const { data, total } = await loginHistory(
          app.ctx,
          id,
          { page, pageSize: page_size },
          languageOf(request),
        );
        return okPage(data, total);
      },
    });
  },
};
