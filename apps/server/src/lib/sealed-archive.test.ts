import { describe, expect, it } from 'vitest';
import {
  openArchive,
  packEntries,
  readArchiveHeader,
  sealArchive,
  unpackEntries,
  type ArchiveHeader,
} from './sealed-archive.js';

const HEADER: ArchiveHeader = {
  format: 'exchange-backup',
  version: 1,
  database: 'pglite',
  createdAt: '2026-11-29T10:00:00.000Z',
  migration: '20261129180000-kyc-numbers-reviewed',
  identityKeyFingerprint: null,
};
const ENTRIES = [
  { name: 'database', data: Buffer.from('tarball bytes') },
  { name: 'data/secrets/ops-token', data: Buffer.from('token') },
  { name: 'data/empty', data: Buffer.alloc(0) },
];
// A test's scrypt cost; backups use DEFAULT_COST.
const COST = 2 ** 10;

describe('sealed backup archive', () => {
  it('opens with its passphrase to the same header and entries', async () => {
    const file = await sealArchive(HEADER, ENTRIES, 'correct horse', COST);
    const { header, entries } = await openArchive(file, 'correct horse');
    expect(header).toMatchObject(HEADER);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual(
      ENTRIES.map((e) => [e.name, e.data.toString()]),
    );
  });

  it('shows its header without the passphrase, and no entry in the clear', async () => {
    const file = await sealArchive(HEADER, ENTRIES, 'correct horse', COST);
    expect(readArchiveHeader(file).header).toMatchObject({ ...HEADER, sealing: { N: COST } });
    expect(file.includes(Buffer.from('tarball bytes'))).toBe(false);
    expect(file.includes(Buffer.from('ops-token'))).toBe(false);
  });

  it('refuses a wrong passphrase', async () => {
    const file = await sealArchive(HEADER, ENTRIES, 'correct horse', COST);
    await expect(openArchive(file, 'wrong horse')).rejects.toThrow(/Wrong passphrase/);
  });

  it('refuses a changed header or body, and a file cut short', async () => {
    const file = await sealArchive(HEADER, ENTRIES, 'pass', COST);
    const header = Buffer.from(file.toString('latin1').replace('"pglite"', '"postgr"'), 'latin1');
    await expect(openArchive(header, 'pass')).rejects.toThrow(/changed or damaged/);
    const body = Buffer.from(file);
    body[body.length - 20]! ^= 1;
    await expect(openArchive(body, 'pass')).rejects.toThrow(/changed or damaged/);
    await expect(openArchive(file.subarray(0, file.length - 1), 'pass')).rejects.toThrow();
  });

  it('refuses a file that is not a backup', async () => {
    await expect(openArchive(Buffer.from('PGDMP…'), 'pass')).rejects.toThrow(
      /not a backup made by npm run backup/,
    );
  });

  it('salts every file: the same content seals differently', async () => {
    const a = await sealArchive(HEADER, ENTRIES, 'pass', COST);
    const b = await sealArchive(HEADER, ENTRIES, 'pass', COST);
    expect(a.equals(b)).toBe(false);
  });

  it('packs entries so that a truncated body is noticed', () => {
    const packed = packEntries(ENTRIES);
    expect(unpackEntries(packed).map((e) => e.name)).toEqual(ENTRIES.map((e) => e.name));
    expect(() => unpackEntries(packed.subarray(0, packed.length - 3))).toThrow(/cut short/);
  });
});
