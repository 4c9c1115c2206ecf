import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import { healthRoutes } from './modules/health/routes.js';

/** Builds the whole service; tests drive it with `app.inject()`, server.ts only listens. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: process.env.NODE_ENV !== 'test' });
  await app.register(healthRoutes, { prefix: '/api/v1' });
  if (config.webDist && fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
    app.setNotFoundHandler((request, reply) =>
      request.url.startsWith('/api/')
        ? reply
            .code(404)
            .send({ success: false, status: 404, code: 'NOT_FOUND', message: 'Not found' })
        : reply.sendFile('index.html'),
    );
  }
  return app;
}
