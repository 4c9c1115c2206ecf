import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noticeOf, wordedNotice } from '../lib/notice-wording.js';
import { languageFor } from './request-language.js';

/**
 * A success's message in the reader's language (issue 47), as the error handler says refusals:
 * a notice from the catalog (`ok(200, said(key, ...values), data)` or a text the catalog holds)
 * is worded in the signed-in user's saved language, else the request's Accept-Language. A plain
 * "OK" and any text the catalog lacks go out without looking the language up.
 */
export const notices = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    noticeOf(payload) ? wordedNotice(payload, await languageFor(request)) : payload,
  );
});
