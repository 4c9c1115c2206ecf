import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@exchange/contracts';
import { AppError } from './app-error.js';

/** Who a request is signed in as: set by the authentication hook of the `user` and `admin` groups. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
  role: UserRole;
  /** When the session (and its token) expires. */
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

/** The signed-in user of a request inside an authenticated group. */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return request.auth;
}
