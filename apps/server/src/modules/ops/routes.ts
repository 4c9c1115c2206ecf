import { AppError } from '../../lib/app-error.js';
import { sameHash } from '../../lib/secrets.js';
import { emailSchema, passwordSchema } from '@exchange/contracts';
import { z } from 'zod';
import { createAdminServed } from '../admin/service.js';
import { auditLedger } from '../audit/service.js';
import { EVM_NETWORKS } from '../../chain/networks.js';
import { movementsBodySchema, recordMovements, sweepSources } from '../custody/service.js';
import type { RouteGroup } from '../route-group.js';

export const OPS_TOKEN_HEADER = 'x-ops-token';
/** Where every process serves its own metrics (a gateway's own route; METRICS_PORT's listener). */
export const OPS_METRICS_PATH = '/api/v1/ops/metrics';
/** The newest migration in the database a backup was taken of (`npm run backup`). */
export const MIGRATION_HEADER = 'x-migration';

/** The token as `x-ops-token`, or as a bearer token (how Prometheus sends a scrape's credentials). */
export function givenToken(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers[OPS_TOKEN_HEADER];
  if (typeof header === 'string') return header;
  const bearer = headers.authorization;
  return typeof bearer === 'string' && bearer.startsWith('Bearer ') ? bearer.slice(7) : null;
}

/**
 * Operator calls for command-line tools and monitoring on the server's machine: whoever can read
 * the ops token in DATA_DIR may call them. The embedded database admits one process, so
 * `npm run audit:ledger` asks the running server instead of opening it a second time; Prometheus
 * scrapes `/metrics` with the token as its bearer credentials (README, "Operations"); `npm run
 * backup` takes the embedded database's consistent tarball from `/backup/database` while the
 * exchange serves (PostgreSQL is backed up with `pg_dump` instead).
 */
export const opsRoutes: RouteGroup = {
  prefix: '/ops',
  access: 'public',
  routes: async (app) => {
    app.addHook('onRequest', async (request) => {
      const given = givenToken(request.headers);
      if (given === null || !sameHash(given, app.ctx.opsToken)) {
        throw new AppError('UNAUTHORIZED', 'Operator token required');
      }
    });
    app.get('/audit/ledger', { schema: { hide: true } }, async () => auditLedger(app.ctx.db));
    app.get('/backup/database', { schema: { hide: true } }, async (_request, reply) => {
      const { dumpDataDir } = app.ctx;
      if (!dumpDataDir)
        throw new AppError('CONFLICT', 'This database is PostgreSQL: npm run backup uses pg_dump');
      const { tarball, migration } = await dumpDataDir();
      return reply.header(MIGRATION_HEADER, migration).type('application/gzip').send(tarball);
    });
    app.post(
      '/admins',
      {
        schema: {
          hide: true,
          body: z.object({
            email: emailSchema('Email is required', 'Invalid email'),
            password: passwordSchema,
          }),
        },
      },
      async (request) => ({
        outcome: await createAdminServed(app.ctx, request.body.email, request.body.password),
      }),
    );
    // `npm run custody`: what a sweep plan reads, and the movements a broadcast saw mined.
    app.get(
      '/custody/sources',
      { schema: { hide: true, querystring: z.object({ network: z.enum(EVM_NETWORKS) }) } },
      async (request) => sweepSources(app.ctx.db, request.query.network),
    );
    app.post(
      '/custody/movements',
      { schema: { hide: true, body: movementsBodySchema } },
      async (request) => ({
        recorded: await recordMovements(app.ctx.db, request.body.movements, app.ctx.now()),
      }),
    );
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { metrics } = app.ctx;
      return reply.type(metrics.contentType).send(await metrics.render());
    });
  },
};
