import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens.js';

const SECRET = 'a-test-secret-long-enough-for-hs256-0123456789';
const tokens = new AccessTokens(SECRET, 86_400);
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const good = { sub: 'u1', jti: 's1', iss: 'exchange', aud: 'exchange-api', exp: now + 60 };

/** A token signed with our secret (or another), with any header and payload. */
function forge(header: object, payload: object, secret = SECRET) {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

describe('AccessTokens', () => {
  it('verifies what it signs', async () => {
    const expiresAt = new Date((now + 60) * 1000);
    const token = await tokens.sign({ userId: 'u1', sessionId: 's1' }, new Date(), expiresAt);
    // With when it expires, which a remembered sign-in ends with.
    expect(await tokens.verify(token)).toEqual({
      userId: 'u1',
      sessionId: 's1',
      until: expiresAt.getTime(),
    });
  });

  it('stamps iat with when the session began, so exp - iat is its lifetime even across a second', async () => {
    // A session opened at .999 of a second and signed in the next one.
    const issuedAt = new Date(now * 1000 - 1);
    const expiresAt = new Date(issuedAt.getTime() + 86_400_000);
    const token = await tokens.sign({ userId: 'u1', sessionId: 's1' }, issuedAt, expiresAt);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.iat).toBe(now - 1);
    expect(claims.exp - claims.iat).toBe(86_400);
  });

  it.each([
    ['another key', forge({ alg: 'HS256' }, good, 'another-secret')],
    ['alg none', `${b64({ alg: 'none' })}.${b64(good)}.`],
    ['alg HS512 header', forge({ alg: 'HS512' }, good)],
    ['a crit header', forge({ alg: 'HS256', crit: ['x'] }, good)],
    ['expired', forge({ alg: 'HS256' }, { ...good, exp: now - 1 })],
    ['no exp', forge({ alg: 'HS256' }, { ...good, exp: undefined })],
    ['not yet valid', forge({ alg: 'HS256' }, { ...good, nbf: now + 600 })],
    ['another issuer', forge({ alg: 'HS256' }, { ...good, iss: 'elsewhere' })],
    ['another audience', forge({ alg: 'HS256' }, { ...good, aud: 'elsewhere' })],
    ['no subject', forge({ alg: 'HS256' }, { ...good, sub: '' })],
    ['no session id', forge({ alg: 'HS256' }, { ...good, jti: undefined })],
    ['two parts', 'abc.def'],
    ['garbage', 'not a token at all'],
  ])('refuses a token with %s', async (_, token) => {
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a payload changed after signing', async () => {
    const token = await tokens.sign(
      { userId: 'u1', sessionId: 's1' },
      new Date(),
      new Date(Date.now() + 60_000),
    );
    const [header, , signature] = token.split('.');
    expect(
      await tokens.verify(`${header}.${b64({ ...good, sub: 'admin' })}.${signature}`),
    ).toBeNull();
  });

  it('accepts our own forge with the right key, which shows the refusals above are for their reason', async () => {
    expect(await tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, good))).toEqual({
      userId: 'u1',
      sessionId: 's1',
      until: good.exp * 1000,
    });
  });

  it('still refuses a remembered token once it expires, and before its nbf', async () => {
    const fresh = new AccessTokens(SECRET, 86_400);
    const token = forge({ alg: 'HS256' }, { ...good, nbf: now - 10, exp: now + 60 });
    const claims = { userId: 'u1', sessionId: 's1', until: (now + 60) * 1000 };
    expect(await fresh.verify(token, now * 1000)).toEqual(claims);
    expect(await fresh.verify(token, now * 1000)).toEqual(claims);
    expect(await fresh.verify(token, (now + 60) * 1000)).toBeNull();
    expect(await fresh.verify(token, (now - 11) * 1000)).toBeNull();
  });
});
