import { API_KEY_HEADERS, TWO_FACTOR_MESSAGES, type ApiKeyScope } from '@exchange/contracts';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { said } from '../lib/messages.js';
import { authOf } from '../lib/request-auth.js';
import type { LiveApiKey } from '../modules/api-keys/key-cache.js';
import { checkKeyRequest, checkSignature, signedRequestOf } from '../modules/api-keys/service.js';
import { bearerToken, signedInAlready, signedInUser } from '../modules/sessions/service.js';
import { hasSecondFactor } from '../modules/two-factor/service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-key scope that may call the route; without one, only a login may. */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** A key request whose headers passed, waiting for its body to check the signature. */
    pendingKey?: LiveApiKey;
    /** The body exactly as sent, kept for a key request's signature. */
    rawBody?: string;
  }
}

/**
 * onRequest hook of the `user` and `admin` route groups: the request must carry a live session's
 * Bearer token, or be signed with an API key whose scope the route accepts (checked here as far
 * as the headers go, the signature over the body in `verifyKeySignature`). Anything else is 401.
 * A token that signed in moments ago is let through at once, without a promise (issue 33).
 */
export function authenticate(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const { headers } = request;
  const known =
    headers[API_KEY_HEADERS.key] === undefined &&
    signedInAlready(request.server.ctx, bearerToken(headers.authorization));
  if (known) {
    request.auth = known;
    return done();
  }
  signIn(request).then(() => done(), done);
}

async function signIn(request: FastifyRequest): Promise<void> {
  if (request.headers[API_KEY_HEADERS.key] !== undefined) {
    const scope = request.routeOptions.config.apiKeyScope;
    if (!scope) throw new AppError('FORBIDDEN', 'API keys cannot call this');
    request.pendingKey = await checkKeyRequest(
      request.server.ctx,
      signedRequestOf(request, request.ip),
      scope,
    );
    return;
  }
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED', said('authenticationRequired'));
  const auth = await signedInUser(request.server.ctx, token);
  if (!auth) throw new AppError('UNAUTHORIZED', said('sessionExpired'));
  request.auth = auth;
}

/**
 * preValidation hook after `authenticate`: a key request's signature, over the body as sent. A
 * callback hook: a login's request passes it without a promise.
 */
export function verifyKeySignature(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const key = request.pendingKey;
  if (key)
    request.auth = checkSignature(
      request.server.ctx,
      key,
      signedRequestOf(request, request.ip, request.rawBody ?? ''),
    );
  done();
}

/**
 * onRequest hook of the `admin` route groups, after `authenticate`: a login, never a key. Where
 * admins must have a second factor (`config.adminSecondFactor`: outside tests, unless development
 * turns it off) an admin without an authenticator app or a passkey may only enrol one (the /security calls, a `user` group): every admin call answers 403
 * until then.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.pendingKey) throw new AppError('FORBIDDEN', 'API keys cannot call this');
  const { userId, role } = authOf(request);
  if (role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only');
  const { ctx } = request.server;
  if (ctx.config.adminSecondFactor && !(await hasSecondFactor(ctx.db, userId)))
    throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_MESSAGES.enrolmentRequired);
}
