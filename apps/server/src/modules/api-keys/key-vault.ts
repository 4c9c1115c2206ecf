import { createHash, hkdfSync } from 'node:crypto';
import type { Config } from '../../config/env.js';
import { openText, sealText } from '../../lib/sealed-text.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { IDENTITY_KEY_FILE } from '../../lib/identity-vault.js';

/**
 * API keys at rest. A signed request is checked by computing its HMAC, so the server needs each
 * key's secret: it is kept AES-256-GCM encrypted (bound to its key's row) under a key derived
 * from the data folder's at-rest key (`identity-key`, beside the database, never in it). A
 * database or backup alone therefore holds no usable secret, and no key either: a key is looked
 * up by its SHA-256 only (it is 24 random bytes, so a plain hash cannot be reversed).
 */
export class ApiKeyVault {
  private readonly secretKey: Buffer;

  constructor(master: string) {
    this.secretKey = Buffer.from(hkdfSync('sha256', master, 'exchange-api-keys', 'secrets', 32));
  }

  static keyHash(apiKey: string): string {
    return createHash('sha256').update(apiKey).digest('base64url');
  }

  seal(secret: string, binding: string): string {
    return sealText(this.secretKey, secret, binding);
  }

  open(sealed: string, binding: string): string {
    return openText(this.secretKey, sealed, binding);
  }
}

const vaults = new WeakMap<Config, Promise<ApiKeyVault>>();

/** One vault per app, its master key read (or created) on first use. */
export function apiKeyVault(config: Config): Promise<ApiKeyVault> {
  let vault = vaults.get(config);
  if (!vault) {
    vault = loadOrCreateSecret(config.dataDir, IDENTITY_KEY_FILE).then((k) => new ApiKeyVault(k));
    vault.catch(() => vaults.delete(config));
    vaults.set(config, vault);
  }
  return vault;
}
