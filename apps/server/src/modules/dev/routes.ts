import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';

const entrySchema = z.object({
  id: z.string(),
  sent_at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** Development only (never registered in production): the mail the server would have sent. */
export const devRoutes: RouteGroup = {
  prefix: '/dev',
  access: 'public',
  routes: async (app) => {
    app.get('/outbox', {
      schema: {
        tags: ['dev'],
        summary: 'Dev outbox, newest first (only without SMTP_URL, never in production)',
        querystring: z.object({ email: z.string().optional() }),
        response: responses({ 200: z.array(entrySchema) }),
      },
      handler: async (request) => ok(200, 'OK', app.ctx.outbox?.list(request.query.email) ?? []),
    });
  },
};
