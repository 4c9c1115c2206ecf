import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@exchange/contracts';
import { AppError } from './app-error.js';

/** Who a request is signed in as: set by the authentication hook of the `user` and `admin` groups. */
export interface AuthInfo {
  userId: string;
  /** The login session of a Bearer token; null for a signed API-key request. */
  sessionId: string | null;
  /** The API key of a signed request; null for a Bearer token. */
  apiKeyId: string | null;
  role: UserRole;
  /** When the session (and its token), or the key, expires. */
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

/** Who takes an admin action and from which client address: what the audit trail records. */
export interface AdminActor {
  adminId: string;
  /** The request's client address (Fastify's `request.ip`, through the trusted proxies). */
  ip: string;
}

/** The admin behind a request of an `admin` group, with the request's client address. */
export function adminActorOf(request: FastifyRequest): AdminActor {
  return { adminId: authOf(request).userId, ip: request.ip };
}

/** The login session of a request: calls that manage the session itself take no API key. */
export function sessionOf(request: FastifyRequest): string {
  const { sessionId } = authOf(request);
  if (!sessionId) throw new AppError('FORBIDDEN', 'API keys cannot call this');
  return sessionId;
}
