import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import { failure } from './error-handler.js';

/** The built web app, with unknown non-API paths falling back to index.html. */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist;
  const hasWeb = root !== null && fs.existsSync(root);
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false });
  app.setNotFoundHandler((request, reply) =>
    hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')
      ? reply.sendFile('index.html')
      : reply.code(404).send(failure(404, 'NOT_FOUND', 'Not found')),
  );
}
