import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { IDENTITY_KEY_FILE, identityVault } from '../../src/lib/identity-vault.js';
import { createTestApp } from '../support/test-app.js';

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', HD_XPUB: 'xpub' };

/**
 * Review 1's L13, open through review 4: the identity key (PAN encryption, Aadhaar and PAN hashes,
 * identity images, TOTP secrets) sat in DATA_DIR, beside the database and in every backup of it.
 */
describe('the identity key apart from the data (review L13)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'l13-'));
  const dataDir = path.join(root, 'data');
  const keyFile = path.join(root, 'credentials', 'identity-key');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is required in production, and refused inside DATA_DIR', () => {
    expect(() => loadConfig({ ...PRODUCTION, DATA_DIR: dataDir })).toThrow(
      'IDENTITY_KEY_FILE is required in production',
    );
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        DATA_DIR: dataDir,
        IDENTITY_KEY_FILE: path.join(dataDir, 'keys', 'identity'),
      }),
    ).toThrow('IDENTITY_KEY_FILE must be outside DATA_DIR');
    expect(
      loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, IDENTITY_KEY_FILE: keyFile }).identityKeyFile,
    ).toBe(keyFile);
  });

  it('is read from its file, never created, and nothing of it lands in DATA_DIR', async () => {
    const config = { dataDir, identityKeyFile: keyFile };
    await expect(identityVault(config)).rejects.toThrow(/missing/);
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    fs.writeFileSync(keyFile, randomBytes(48).toString('base64url'));
    const vault = await identityVault({ ...config });
    const again = await identityVault({ ...config });
    expect(vault.panHash('ABCPE1234F')).toBe(again.panHash('ABCPE1234F'));
    expect(fs.existsSync(path.join(dataDir, IDENTITY_KEY_FILE))).toBe(false);
  });

  it('stops a server whose configured key file is missing before it serves', async () => {
    await expect(
      createTestApp('pglite', {
        env: { DATA_DIR: dataDir, IDENTITY_KEY_FILE: path.join(root, 'absent') },
      }),
    ).rejects.toThrow(/IDENTITY_KEY_FILE .* is missing/);
  });
});
