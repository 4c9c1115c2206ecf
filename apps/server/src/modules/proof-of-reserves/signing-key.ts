import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config/env.js';
import { loadOrCreateSecretFile } from '../../lib/secrets.js';

/** The exchange's proof-of-reserves signing key: DATA_DIR/secrets/reserves-signing-key. */
export const RESERVES_KEY_PATH = ['secrets', 'reserves-signing-key'] as const;

export interface ReservesSigner {
  /** The raw 32-byte Ed25519 public key, hex. */
  publicKey: string;
  /** The Ed25519 signature of `message` (UTF-8), hex. */
  sign(message: string): string;
}

/**
 * The signer over a PKCS#8 Ed25519 private key (base64 DER), used for nothing but proofs of
 * reserves, so a leak of any other secret cannot forge a root.
 */
export function signerOf(pkcs8: string): ReservesSigner {
  const key = createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('The reserves signing key is not Ed25519');
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return {
    publicKey: Buffer.from(jwk.x ?? '', 'base64url').toString('hex'),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), key).toString('hex'),
  };
}

const newKey = () =>
  generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');

const signers = new WeakMap<Config, Promise<ReservesSigner>>();

/** The app's signer, its key read (or generated, owner-only) on first use. */
export function reservesSigner(config: Config): Promise<ReservesSigner> {
  let signer = signers.get(config);
  if (!signer) {
    signer = loadOrCreateSecretFile(path.join(config.dataDir, ...RESERVES_KEY_PATH), newKey).then(
      ({ value }) => signerOf(value),
    );
    signer.catch(() => signers.delete(config));
    signers.set(config, signer);
  }
  return signer;
}
