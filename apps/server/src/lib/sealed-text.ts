import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * A short text sealed with AES-256-GCM under `key`, bound to `binding` (its owner or row): a
 * ciphertext copied onto another row fails to open. `v1.<iv>.<data>.<tag>`, base64url.
 */
export function sealText(key: Buffer, text: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(binding));
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The text of `sealText`'s output; throws if it was altered or sealed for another binding. */
export function openText(key: Buffer, sealed: string, binding: string): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('unknown ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    .setAAD(Buffer.from(binding))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
