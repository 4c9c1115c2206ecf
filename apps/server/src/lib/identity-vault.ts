import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { openText, sealText } from './sealed-text.js';
import { loadOrCreateSecret, readSecretFile } from './secrets.js';

/** The master key's file in DATA_DIR. Losing it makes stored PANs and images unreadable; back it up. */
export const IDENTITY_KEY_FILE = 'identity-key';
/** The first bytes of a sealed image file: no JPEG, PNG or WebP starts so. */
const IMAGE_MAGIC = Buffer.from('EXI1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Keyed hashes and encryption for identity numbers. The keys live beside the data directory, not
 * in the database, so a leaked database can neither read a PAN nor test guesses of an Aadhaar
 * number (a 12-digit space is small enough to enumerate against a plain hash).
 */
export class IdentityVault {
  private readonly aadhaarKey: Buffer;
  private readonly panHashKey: Buffer;
  private readonly panKey: Buffer;
  private readonly imageKey: Buffer;
  private readonly totpKey: Buffer;

  constructor(master: string) {
    const derive = (purpose: string) =>
      Buffer.from(hkdfSync('sha256', master, 'exchange-identity', purpose, 32));
    this.aadhaarKey = derive('aadhaar-hash');
    this.panHashKey = derive('pan-hash');
    this.panKey = derive('pan-encryption');
    this.imageKey = derive('image-encryption');
    this.totpKey = derive('totp-secret-encryption');
  }

  /**
   * An identity image as its file holds it: AES-256-GCM, bound to its owner and its file name, so
   * a file copied under another name or row fails to open. A disk or backup alone shows nothing.
   */
  sealImage(image: Buffer, binding: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.imageKey, iv).setAAD(Buffer.from(binding));
    const data = Buffer.concat([cipher.update(image), cipher.final()]);
    return Buffer.concat([IMAGE_MAGIC, iv, cipher.getAuthTag(), data]);
  }

  /** The image of a sealed file; a file stored before images were sealed comes back as it is. */
  openImage(stored: Buffer, binding: string): Buffer {
    if (!stored.subarray(0, IMAGE_MAGIC.length).equals(IMAGE_MAGIC)) return stored;
    const ivAt = IMAGE_MAGIC.length;
    const tagAt = ivAt + IV_BYTES;
    const dataAt = tagAt + TAG_BYTES;
    const decipher = createDecipheriv('aes-256-gcm', this.imageKey, stored.subarray(ivAt, tagAt))
      .setAAD(Buffer.from(binding))
      .setAuthTag(stored.subarray(tagAt, dataAt));
    return Buffer.concat([decipher.update(stored.subarray(dataAt)), decipher.final()]);
  }

  aadhaarHash(aadhaar: string): string {
    return createHmac('sha256', this.aadhaarKey).update(aadhaar).digest('base64url');
  }

  panHash(pan: string): string {
    return createHmac('sha256', this.panHashKey).update(pan).digest('base64url');
  }

  /** AES-256-GCM, bound to its owner: a ciphertext copied onto another user's row fails to open. */
  encryptPan(pan: string, userId: string): string {
    return sealText(this.panKey, pan, userId);
  }

  decryptPan(sealed: string, userId: string): string {
    return openText(this.panKey, sealed, userId);
  }

  /** An authenticator app's secret at rest (modules/two-factor), bound to its owner like a PAN. */
  sealTotpSecret(secret: string, userId: string): string {
    return sealText(this.totpKey, secret, userId);
  }

  openTotpSecret(sealed: string, userId: string): string {
    return openText(this.totpKey, sealed, userId);
  }
}

/** Shows enough to match a card by eye: ABCDE1234F -> XXXXXX234F. */
export const maskPan = (pan: string) => `${'X'.repeat(pan.length - 4)}${pan.slice(-4)}`;

/** Where the key lives: the app's configuration (`IDENTITY_KEY_FILE`, else its `DATA_DIR`). */
interface VaultHome {
  readonly dataDir: string;
  readonly identityKeyFile?: string | null;
}

/**
 * The master key: the operator's file when configured (never created: a missing or empty one
 * stops the caller, as a new key would make every stored PAN and image unreadable), else the one
 * generated in DATA_DIR.
 */
async function masterKey(home: VaultHome): Promise<string> {
  if (!home.identityKeyFile) return loadOrCreateSecret(home.dataDir, IDENTITY_KEY_FILE);
  const key = await readSecretFile(home.identityKeyFile);
  if (!key || key.length < 32)
    throw new Error(
      `IDENTITY_KEY_FILE ${home.identityKeyFile} is missing or shorter than 32 characters`,
    );
  return key;
}

const vaults = new WeakMap<VaultHome, Promise<IdentityVault>>();

/** One vault per app (per configuration object), its key read (or created) on first use. */
export function identityVault(config: VaultHome): Promise<IdentityVault> {
  let vault = vaults.get(config);
  if (!vault) {
    vault = masterKey(config).then((k) => new IdentityVault(k));
    vault.catch(() => vaults.delete(config));
    vaults.set(config, vault);
  }
  return vault;
}
