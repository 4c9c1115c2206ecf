import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The browser's device cookie: a random id, sent only to the /auth calls. */
export const DEVICE_COOKIE = 'device_id';
const DEVICE_COOKIE_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_COOKIE_PATH = '/api/v1/auth';

/**
 * The id of the device a login comes from: its long-lived device cookie, issued on its first
 * login (HttpOnly, SameSite=Strict, Secure in production). "A new device" is a browser whose
 * cookie this account has not signed in with before; a client that keeps no cookies is a new
 * device at every login.
 */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const sent = request.cookies[DEVICE_COOKIE];
  if (sent && DEVICE_ID.test(sent)) return sent;
  const id = randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return id;
}

/**
 * Logout clears every cookie (spec section 4), this one too: the browser's next login counts as
 * a new device's.
 */
export function clearDeviceCookie(reply: FastifyReply) {
  reply.clearCookie(DEVICE_COOKIE, { path: DEVICE_COOKIE_PATH });
}
