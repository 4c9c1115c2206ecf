import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { authOf } from '../lib/request-auth.js';
import { bearerToken, signedInUser } from '../modules/sessions/service.js';

/**
 * onRequest hook of the `user` and `admin` route groups: the request must carry a live session's
 * Bearer token. Anything else is 401 with no hint which check failed.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const auth = await signedInUser(request.server.ctx, token);
  if (!auth) throw new AppError('UNAUTHORIZED', 'Session expired. Log in again');
  request.auth = auth;
}

/** onRequest hook of the `admin` route groups, after `authenticate`. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (authOf(request).role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only');
}
