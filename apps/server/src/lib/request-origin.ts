import type { FastifyRequest } from 'fastify';
import { keptUserAgent } from './device-name.js';

/** Where a request came from: the client's address (see TRUST_PROXY) and its user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: keptUserAgent(request.headers['user-agent']) };
}
