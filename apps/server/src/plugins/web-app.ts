import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import { OPS_METRICS_PATH } from '../modules/ops/routes.js';
import { failure } from './error-handler.js';
import { webBuildOnDisk } from './web-build.js';

/** Vite's content-hashed output: a changed file gets a new name, so it may be cached for ever. */
const HASHED_DIR = `${path.sep}assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files: the browser asks again every time (a cheap 304). */
const REVALIDATE = 'no-cache';

function cacheHeaders(res: { setHeader: (name: string, value: string) => unknown }, file: string) {
  res.setHeader('cache-control', file.includes(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
}

/** Where Prometheus looks when not told otherwise; this server's metrics are elsewhere. */
const METRICS_DEFAULT = '/metrics';

const pathnameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url, 'http://app').pathname);
  } catch {
    return '/';
  }
};

/**
 * The built web app: each file as built, brotli or gzip twins chosen by Accept-Encoding (built
 * by `vite build`), hashed assets cached immutably and pages revalidated; other non-API paths
 * are client routes, answered with the build's page for the route (naming its screen's chunks)
 * or index.html. Static files are outside the API's rate limit.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist;
  const hasWeb = root !== null && fs.existsSync(path.join(root, 'index.html'));
  if (!hasWeb) return;
  const buildOnDisk = webBuildOnDisk(root);
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  app.get('/*', { config: { rateLimit: false }, schema: { hide: true } }, (request, reply) => {
    const pathname = pathnameOf(request.url);
    // The body depends on Accept-Encoding (brotli, gzip or plain): caches must key on it.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    // An unknown API path, or Prometheus's default metrics path, is never the page with a 200.
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname === METRICS_DEFAULT) {
      const message =
        pathname === METRICS_DEFAULT
          ? `Not found: metrics are at ${OPS_METRICS_PATH}`
          : 'Not found';
      return reply.code(404).send(failure(404, 'NOT_FOUND', message));
    }
    const { files, pageFor } = buildOnDisk();
    if (files.has(pathname) && pathname !== '/index.html') return reply.sendFile(pathname.slice(1));
    // A missing hashed asset is a 404, not the page (a stale tab must not parse HTML as JS).
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).send(failure(404, 'NOT_FOUND', 'Not found'));
    }
    return reply.sendFile(pageFor(pathname));
  });
}
