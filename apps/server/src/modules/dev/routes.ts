import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
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

/**
 * Development only (never registered in production): the mail the server would have sent, codes
 * included. Only this machine may read it: anyone else who could would take over any account.
 */
export const devRoutes: RouteGroup = {
  prefix: '/dev',
  access: 'public',
  routes: async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!fromThisMachine(request)) throw new AppError('NOT_FOUND', 'Not found');
    });
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

/** The names this machine is reached by: a page of another site rebound to 127.0.0.1 is not. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * The connection's own peer is a loopback address, and no proxy forwarded the request: a proxy on
 * this machine connects from loopback on behalf of anyone. The client's claimed address
 * (X-Forwarded-For, whatever TRUST_PROXY says) is never believed here. And the request names this
 * machine in `Host`: a web page whose name was rebound to 127.0.0.1 (DNS rebinding, review N-L4)
 * sends its own name.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  const loopback = peer.startsWith('127.') || peer === '::1' || peer.startsWith('::ffff:127.');
  return loopback && forwarded === undefined && LOOPBACK_HOST.test(request.headers.host ?? '');
}
