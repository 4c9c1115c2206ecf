import type { ApiFailure, ErrorCode, Language } from '@exchange/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { knownTextIn, said, textOf } from '../lib/messages.js';
import { languageOf } from '../lib/request-origin.js';
import { languageFor } from './request-language.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function failure(status: number, code: ErrorCode, message: string, data?: unknown) {
  const body: ApiFailure = { success: false, status, code, message };
  if (data !== undefined) body.data = data;
  return body;
}

/**
 * Field path -> first message; the whole body's first message leads. Each in `language` where
 * the server's catalog has it (lib/messages.ts).
 */
function validationFailure(
  issues: { instancePath: string; message?: string }[],
  language: Language,
) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= knownTextIn(issue.message ?? 'Invalid value', language);
  }
  const message = knownTextIn(issues[0]?.message ?? 'Invalid request', language);
  return failure(400, 'VALIDATION_ERROR', message, { errors });
}

async function handle(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = err instanceof AppError ? err.statusCode : (err.statusCode ?? 500);
  if (status >= 500) {
    // The log keeps the details (with the request id), the caller gets none.
    request.log.error({ err }, 'request failed');
    // Only the language asked for: the database may be what failed.
    const language = languageOf(request);
    if (err instanceof AppError && err.code === 'UNAVAILABLE')
      return reply.code(503).send(failure(503, 'UNAVAILABLE', textOf(said('tryAgain'), language)));
    return reply
      .code(500)
      .send(failure(500, 'INTERNAL', textOf(said('somethingWentWrong'), language)));
  }
  if (err instanceof AppError) {
    if (!err.said) return reply.code(status).send(failure(status, err.code, err.message, err.data));
    const language = await languageFor(request);
    return reply
      .code(status)
      .send(failure(status, err.code, err.messageIn(language), err.dataIn(language)));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.code(400).send(validationFailure(err.validation, await languageFor(request)));
  }
  return reply
    .code(status)
    .send(failure(status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST', err.message));
}

/**
 * Fastify's own refusals before routing (`frameworkErrors`: a malformed URL, an unsupported
 * content type, ...), in the envelope with a code of ours; their messages are Fastify's, which
 * never include internals. A too-long parameter no longer happens (app.ts), and would be a 400.
 */
export function frameworkFailure(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  const known = CODE_BY_STATUS[status];
  const answer = known ? status : 400;
  // Fastify's message would echo the raw path back.
  const message = err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : err.message;
  return reply.code(answer).send(failure(answer, known ?? 'BAD_REQUEST', message));
}

/** The one error handler: every failure leaves as `{ success:false, status, code, message }`. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(handle);
});
