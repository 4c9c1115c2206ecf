import type { NodeEnv } from './env.js';
import { list } from './list-setting.js';

export interface WebAuthnConfig {
  rpId: string;
  rpName: string;
  origins: string[];
}

/**
 * WEBAUTHN_ORIGIN (comma-separated) defaults to this server on localhost (and Vite's dev server in
 * development); WEBAUTHN_RP_ID to the first origin's host name.
 */
export function webAuthnConfig(env: NodeJS.ProcessEnv, nodeEnv: NodeEnv): WebAuthnConfig {
  const own = `http://localhost:${Number(env.PORT ?? 3000)}`;
  const origins = env.WEBAUTHN_ORIGIN
    ? list(env.WEBAUTHN_ORIGIN)
    : nodeEnv === 'development'
      ? [own, 'http://localhost:5173']
      : [own];
  const [first] = origins;
  if (!first) throw new Error('WEBAUTHN_ORIGIN: give at least one origin');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(`WEBAUTHN_ORIGIN: "${origin}" is not an origin such as https://example.com`);
  }
  const rpId = env.WEBAUTHN_RP_ID || new URL(first).hostname;
  return { rpId, rpName: 'Exchange', origins };
}
