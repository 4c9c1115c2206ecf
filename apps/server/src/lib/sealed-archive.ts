import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

/**
 * A backup file: a readable header and a sealed body.
 *
 *   EXCHANGE-BACKUP 1\n
 *   {"format":…,"database":…,"createdAt":…,"migration":…,"sealing":{…}}\n
 *   AES-256-GCM(body) ‖ tag (16 bytes)
 *
 * The key comes from the operator's passphrase through scrypt (a fresh salt per file, so no two
 * files share a key); the header is the cipher's associated data, so a changed header fails
 * like a changed body. The body is the entries, each a name (u32 length, UTF-8) and its bytes
 * (u64 length). The whole file is held in memory: fine for an embedded database and a pg_dump of
 * an exchange this size; a larger PostgreSQL is kept by its base backups and WAL archive instead.
 */

const MAGIC = 'EXCHANGE-BACKUP 1\n';
const TAG_BYTES = 16;

export interface ArchiveHeader {
  format: 'exchange-backup';
  version: 1;
  database: 'pglite' | 'postgres';
  /** ISO time the backup began: every order acknowledged before it is inside. */
  createdAt: string;
  /** The newest migration applied to the database backed up. */
  migration: string;
  /** SHA-256 of an identity key kept outside the backup (IDENTITY_KEY_FILE), to check on restore. */
  identityKeyFingerprint: string | null;
}

interface Sealing {
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  /** scrypt's cost N (a power of two), r and p. */
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
}

export type SealedHeader = ArchiveHeader & { sealing: Sealing };

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** scrypt N = 2^17, r = 8: about 128 MiB and a few hundred ms per key, once per backup. */
export const DEFAULT_COST = 2 ** 17;

function deriveKey(passphrase: string, s: Sealing): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(s.salt, 'base64'),
      32,
      { N: s.N, r: s.r, p: s.p, maxmem: 256 * s.N * s.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export function packEntries(entries: readonly ArchiveEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const lengths = Buffer.alloc(12);
    lengths.writeUInt32BE(nameBytes.length, 0);
    lengths.writeBigUInt64BE(BigInt(data.length), 4);
    parts.push(lengths.subarray(0, 4), nameBytes, lengths.subarray(4), data);
  }
  return Buffer.concat(parts);
}

export function unpackEntries(body: Buffer): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let at = 0;
  while (at < body.length) {
    if (at + 4 > body.length) throw new Error('The backup is cut short');
    const nameLength = body.readUInt32BE(at);
    const name = body.subarray(at + 4, at + 4 + nameLength).toString('utf8');
    at += 4 + nameLength;
    if (at + 8 > body.length) throw new Error('The backup is cut short');
    const length = Number(body.readBigUInt64BE(at));
    at += 8;
    if (at + length > body.length) throw new Error('The backup is cut short');
    entries.push({ name, data: body.subarray(at, at + length) });
    at += length;
  }
  return entries;
}

export async function sealArchive(
  header: ArchiveHeader,
  entries: readonly ArchiveEntry[],
  passphrase: string,
  cost = DEFAULT_COST,
): Promise<Buffer> {
  const sealing: Sealing = {
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    N: cost,
    r: 8,
    p: 1,
    salt: randomBytes(16).toString('base64'),
    iv: randomBytes(12).toString('base64'),
  };
  const head = Buffer.from(`${MAGIC}${JSON.stringify({ ...header, sealing })}\n`, 'utf8');
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, sealing), ivOf(sealing));
  cipher.setAAD(head);
  const body = Buffer.concat([cipher.update(packEntries(entries)), cipher.final()]);
  return Buffer.concat([head, body, cipher.getAuthTag()]);
}

/** The header alone (no passphrase needed); throws on a file that is not a backup. */
export function readArchiveHeader(file: Buffer): { header: SealedHeader; headBytes: number } {
  if (!file.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)))
    throw new Error('This is not a backup made by npm run backup (or a newer format)');
  const end = file.indexOf(0x0a, MAGIC.length);
  if (end < 0) throw new Error('The backup is cut short');
  const header = JSON.parse(file.subarray(MAGIC.length, end).toString('utf8')) as SealedHeader;
  if (header.format !== 'exchange-backup' || header.version !== 1)
    throw new Error(`Unknown backup format ${header.format} ${header.version}`);
  return { header, headBytes: end + 1 };
}

/** The header and the entries; throws, having revealed nothing, on a wrong passphrase or any change. */
export async function openArchive(
  file: Buffer,
  passphrase: string,
): Promise<{ header: SealedHeader; entries: ArchiveEntry[] }> {
  const { header, headBytes } = readArchiveHeader(file);
  if (file.length < headBytes + TAG_BYTES) throw new Error('The backup is cut short');
  const s = header.sealing;
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, s), ivOf(s));
  decipher.setAAD(file.subarray(0, headBytes));
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  let body: Buffer;
  try {
    body = Buffer.concat([
      decipher.update(file.subarray(headBytes, file.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new Error('Wrong passphrase, or the backup file was changed or damaged');
  }
  return { header, entries: unpackEntries(body) };
}

function ivOf(s: Sealing): Buffer {
  return Buffer.from(s.iv, 'base64');
}
