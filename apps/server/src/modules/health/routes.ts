import { z } from 'zod';
import { pingDatabase } from '../../db/connect.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['postgres', 'pglite']), ok: z.boolean() }),
});

export const healthRoutes: RouteGroup = {
  prefix: '/health',
  access: 'public',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
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
  },
};
