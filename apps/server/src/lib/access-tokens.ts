import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'exchange';
const AUDIENCE = 'exchange-api';
const VERIFIED_MAX = 100_000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** A token's claims once checked, with when the token expires (epoch ms). */
export interface VerifiedClaims extends AccessClaims {
  until: number;
}

interface Payload {
  sub?: unknown;
  jti?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Signs access tokens (jose) and checks them on every request with Node's own HMAC, which is
 * synchronous: WebCrypto would cost a thread-pool round trip per request. The check accepts only
 * our exact header algorithm (HS256), our issuer and audience, an unexpired `exp`, and `sub` and
 * `jti`; the session id (jti) lets the server revoke a token.
 */
export class AccessTokens {
  readonly #secret: Buffer;
  /** Tokens that passed every check, with when they stop being valid: a trader's next request skips the HMAC. */
  readonly #verified = new Map<string, { claims: VerifiedClaims; from: number }>();

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.#secret = Buffer.from(secret, 'utf8');
  }

  /** Both times come from the session, so `exp - iat` is its lifetime to the second. */
  sign(claims: AccessClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(claims.sessionId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.#secret);
  }

  /** null for anything not signed by us with HS256, expired or malformed. */
  async verify(token: string, now = Date.now()): Promise<VerifiedClaims | null> {
    const known = this.#verified.get(token);
    if (known) return known.from <= now && now < known.claims.until ? known.claims : null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.#secret).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = decodeJson(header) as { alg?: unknown; crit?: unknown } | null;
    if (head?.alg !== ALGORITHM || head.crit !== undefined) return null;
    const p = decodeJson(body) as Payload | null;
    if (!p || p.iss !== ISSUER || typeof p.exp !== 'number' || p.exp * 1000 <= now) return null;
    if (p.aud !== AUDIENCE && !(Array.isArray(p.aud) && p.aud.includes(AUDIENCE))) return null;
    if (typeof p.nbf === 'number' && p.nbf * 1000 > now) return null;
    if (typeof p.sub !== 'string' || !p.sub || typeof p.jti !== 'string' || !p.jti) return null;
    const claims = { userId: p.sub, sessionId: p.jti, until: p.exp * 1000 };
    if (this.#verified.size >= VERIFIED_MAX) this.#verified.clear();
    this.#verified.set(token, { claims, from: typeof p.nbf === 'number' ? p.nbf * 1000 : 0 });
    return claims;
  }
}
