import { pickLanguage, type Language } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { keptUserAgent } from './device-name.js';

/** Where a request came from: the client's address (see TRUST_PROXY) and its user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  /** The request's Accept-Language as a language the app speaks (issue 36). */
  language?: Language;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return {
    ip: request.ip,
    userAgent: keptUserAgent(request.headers['user-agent']),
    language: languageOf(request),
  };
}

/** The request's Accept-Language as a language the app speaks, else English (issue 36). */
export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

/**
 * The language to speak to a user in, mails and messages alike (issue 36): the one they saved,
 * else the one their request asked for (`languageOf`).
 */
export const spokenLanguage = (saved: Language | null | undefined, asked: Language): Language =>
  saved ?? asked;
