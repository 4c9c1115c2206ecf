import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { authOf } from './authenticate.js';

/** onRequest hook for the admin scope, after `authenticate`. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (authOf(request).role !== 'admin') throw new AppError(403, 'FORBIDDEN', 'Administrators only');
}
