import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import {
  depositAddress,
  hdRootFromXpub,
  loadHdRoot,
  loadOrCreateHdRoot,
  xpubFromMnemonic,
} from './hd-wallet.js';

// Hardhat's well-known development mnemonic: its accounts are published test vectors.
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hd-wallet-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('depositAddress', () => {
  it("derives m/44'/60'/0'/0/<index> as EIP-55 addresses", async () => {
    const root = await loadOrCreateHdRoot(dataDir, HARDHAT_MNEMONIC);
    expect(root.origin).toBe('given');
    expect(depositAddress(root, 'ethereum', 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddress(root, 'ethereum', 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('is deterministic, distinct per user and shared across EVM networks', async () => {
    const root = await loadOrCreateHdRoot(dataDir, HARDHAT_MNEMONIC);
    const again = await loadOrCreateHdRoot(dataDir, `  ${HARDHAT_MNEMONIC.toUpperCase()}\n`);
    const addresses = [0, 1, 2, 41, 2 ** 31 - 1].map((i) => depositAddress(root, 'bsc', i));
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(depositAddress(again, 'bsc', 41)).toBe(addresses[3]);
    expect(depositAddress(root, 'ethereum', 41)).toBe(addresses[3]);
    expect(depositAddress(root, 'polygon', 41)).toBe(addresses[3]);
  });

  it('refuses indexes outside the non-hardened range', async () => {
    const root = await loadOrCreateHdRoot(dataDir, HARDHAT_MNEMONIC);
    for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => depositAddress(root, 'ethereum', bad)).toThrow(RangeError);
    }
  });
});

describe('loadOrCreateHdRoot', () => {
  it('creates the development seed once, owner-only, and reuses it', async () => {
    const first = await loadOrCreateHdRoot(dataDir);
    const file = path.join(dataDir, 'secrets', 'hd-seed');
    const stat = await fs.stat(file);
    const words = (await fs.readFile(file, 'utf8')).trim().split(' ');
    expect(first.origin).toBe('created');
    expect(stat.mode & 0o777).toBe(0o600);
    expect(words).toHaveLength(24);

    const second = await loadOrCreateHdRoot(dataDir);
    expect(second.origin).toBe('loaded');
    expect(depositAddress(second, 'ethereum', 5)).toBe(depositAddress(first, 'ethereum', 5));
    expect((await fs.stat(file)).mtimeMs).toBe(stat.mtimeMs);
  });

  it('gives processes starting together the same seed', async () => {
    const roots = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateHdRoot(dataDir)));
    const addresses = new Set(roots.map((r) => depositAddress(r, 'ethereum', 0)));
    expect(addresses.size).toBe(1);
    expect(roots.filter((r) => r.origin === 'created')).toHaveLength(1);
  });

  it('prefers a given mnemonic over the seed file', async () => {
    await loadOrCreateHdRoot(dataDir);
    const root = await loadOrCreateHdRoot(dataDir, HARDHAT_MNEMONIC);
    expect(depositAddress(root, 'ethereum', 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('never shows the mnemonic in errors or when printed', async () => {
    const wrong = 'test test test test test test test test test test test test';
    await expect(loadOrCreateHdRoot(dataDir, wrong)).rejects.toThrow(
      'HD_MNEMONIC does not hold a valid BIP-39 English mnemonic',
    );
    const root = await loadOrCreateHdRoot(dataDir, HARDHAT_MNEMONIC);
    for (const printed of [inspect(root), JSON.stringify({ root }), String(root)]) {
      expect(printed).not.toMatch(/junk|xpub|xprv/);
    }
  });
});

describe('HD_XPUB', () => {
  it('derives the same addresses as the mnemonic it was made from, without a seed file', async () => {
    const xpub = await xpubFromMnemonic(`  ${HARDHAT_MNEMONIC}\n`);
    expect(xpub).toMatch(/^xpub/);
    const root = await loadHdRoot(dataDir, { xpub });
    expect(root.origin).toBe('xpub');
    expect(depositAddress(root, 'ethereum', 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddress(root, 'ethereum', 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await expect(fs.stat(path.join(dataDir, 'secrets'))).rejects.toThrow();
    for (const printed of [inspect(root), JSON.stringify({ root }), String(root)]) {
      expect(printed).not.toMatch(/xpub/);
    }
  });

  it('refuses a private key, a key of another depth and garbage', async () => {
    const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
    const chain = master.derive("m/44'/60'/0'/0");
    expect(() => hdRootFromXpub(chain.privateExtendedKey)).toThrow('holds a private key');
    expect(() => hdRootFromXpub(master.derive("m/44'/60'/0'").publicExtendedKey)).toThrow(
      "must be the key of m/44'/60'/0'/0",
    );
    expect(() => hdRootFromXpub('xpub-not-really')).toThrow('not a BIP-32 extended public key');
    await expect(xpubFromMnemonic('test test test')).rejects.toThrow('not hold a valid BIP-39');
  });
});
