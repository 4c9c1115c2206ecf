import type { Language } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { languageOf, spokenLanguage } from '../lib/request-origin.js';
import { savedLanguageOf } from '../modules/users/service.js';

/**
 * The language an answer is said in (issue 36), a refusal (error-handler.ts) or a notice
 * (notices.ts): the signed-in user's saved one, else the request's Accept-Language, as for their
 * mails. A visitor's answer (a login) never depends on an account's language, which would tell a
 * stranger about it.
 */
export async function languageFor(request: FastifyRequest): Promise<Language> {
  const asked = languageOf(request);
  const userId = request.auth?.userId;
  if (!userId) return asked;
  try {
    return spokenLanguage(await savedLanguageOf(request.server.ctx.db, userId), asked);
  } catch {
    return asked; // The answer still goes out, in the language asked for.
  }
}
