import { z } from 'zod';
import { pingDatabase } from '../../db/connect.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['postgres', 'pglite']), ok: z.boolean() }),
});

/**
 * Readiness (`/health`, also `/health/ready`): this process serves, its trading core is loaded
 * (a standby does not listen until it takes over) and its database answers; 503 while the
 * database does not, so a load balancer sends traffic elsewhere. Liveness (`/health/live`): the
 * process answers at all, whatever the database does, so a supervisor restarts only a stuck one.
 */
export const healthRoutes: RouteGroup = {
  prefix: '/health',
  access: 'public',
  routes: async (app) => {
    for (const url of ['', '/ready'])
      app.get(url, {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the trading core loaded and the database reachable',
          response: responses({ 200: healthSchema, 503: healthSchema }),
        },
        handler: async (_request, reply) => {
          const dbOk = await pingDatabase(app.ctx.db);
          const status = dbOk ? 200 : 503;
          const data = {
            status: dbOk ? ('ok' as const) : ('degraded' as const),
            database: { kind: app.ctx.dbKind, ok: dbOk },
          };
          return reply.code(status).send(ok(status, dbOk ? 'OK' : 'Database unreachable', data));
        },
      });
    app.get('/live', {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: responses({ 200: z.null() }),
      },
      handler: async () => ok(200, 'OK', null),
    });
  },
};
