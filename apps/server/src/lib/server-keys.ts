import { hkdfSync } from 'node:crypto';

export interface ServerKeys {
  /** Signs access tokens (HS256). */
  tokenKey: string;
  /** Keys the hashes of one-time codes and reset tokens. */
  codeKey: string;
}

/**
 * One key per use, derived from `JWT_SECRET` with HKDF-SHA256 under its own label: the secret
 * itself never keys anything, and no key reveals another, so a key that leaks through one use
 * (a token's signature, a code table) gives nothing for the other.
 */
export function deriveServerKeys(secret: string): ServerKeys {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'exchange-server-keys', purpose, 32)).toString(
      'base64url',
    );
  return { tokenKey: derive('access-tokens'), codeKey: derive('one-time-codes') };
}
