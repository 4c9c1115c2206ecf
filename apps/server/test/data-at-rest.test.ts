import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { purgeExpiredDocuments } from '../src/modules/files/retention.js';
import { BACKENDS } from './support/databases.js';
import { aadhaarNumber, panNumber, uploadPhotos } from './support/images.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, testConfig, type TestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Every entry below `dir` with its permission bits. */
function modes(dir: string): [string, number][] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => [entry, fs.lstatSync(path.join(dir, entry)).mode & 0o777]);
}

describe('the data folder', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-at-rest-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('is owner-only, the embedded database and what was there before included', async () => {
    const dir = fresh();
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'outbox'), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'outbox', 'old.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'outbox', 'old.json'), 0o666);
    // No database given: the app opens its embedded database in DATA_DIR/pglite.
    const app = await buildApp(testConfig({ DATA_DIR: dir }));
    try {
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      const entries = modes(dir);
      expect(entries.filter(([name]) => name.startsWith('pglite')).length).toBeGreaterThan(100);
      expect(entries.filter(([, mode]) => mode & 0o077)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it.each([['identity-key'], ['jwt-secret'], ['secrets/ops-token'], ['demo-accounts.json']])(
    'refuses to start while %s is readable by others',
    async (secret) => {
      const dir = fresh();
      fs.mkdirSync(path.dirname(path.join(dir, secret)), { recursive: true });
      fs.writeFileSync(path.join(dir, secret), 'k'.repeat(64));
      fs.chmodSync(path.join(dir, secret), 0o640);
      await expect(buildApp(testConfig({ DATA_DIR: dir }))).rejects.toThrow(
        `${path.join(dir, secret)} is readable by other accounts on this machine (mode 640)`,
      );
    },
  );
});

describe.each(BACKENDS)('identity images at rest on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-at-rest-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (id: string) =>
    t.database.db
      .selectFrom('stored_files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const onDisk = async (id: string) => path.join(dataDir, 'uploads', (await stored(id)).path);
  const fetchFile = (id: string, token: string) => authed(t, 'GET', `/files/${id}`, token);

  it('are encrypted on disk and served decrypted to the owner and admins', async () => {
    const owner = await member(t, { kyc: 'none' });
    const admin = await member(t, { role: 'admin' });
    const [id] = await uploadPhotos(t, owner.token, 1);
    const disk = fs.readFileSync(await onDisk(id!));
    expect(disk.subarray(0, 3).equals(JPEG_MAGIC)).toBe(false);
    await expect(sharp(disk).metadata()).rejects.toThrow();

    for (const token of [owner.token, admin.token]) {
      const res = await fetchFile(id!, token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64 });
    }
  });

  it('are deleted 30 days after a final rejection, or after an upload no request named', async () => {
    const admin = await member(t, { role: 'admin' });
    const submit = async (user: Member, images?: string[]) => {
      const [front, back, pan] = images ?? (await uploadPhotos(t, user.token, 3));
      const body = {
        aadhar_number: aadhaarNumber(),
        aadhar_image_1: front,
        aadhar_image_2: back,
        pan_number: panNumber(),
        pan_image: pan,
      };
      const res = await authed(t, 'POST', '/users/verification/request', user.token, body);
      expect(res.statusCode, res.body).toBe(201);
      return { request: res.json().data._id as string, images: [front!, back!, pan!] };
    };
    const decide = (request: string, decision: 'approve' | 'reject') =>
      authed(t, 'POST', `/admin/kyc/${request}/${decision}`, admin.token, { reason: 'Blurry' });

    const rejected = await submit(await member(t, { kyc: 'none' }));
    await decide(rejected.request, 'reject');
    const approved = await submit(await member(t, { kyc: 'none' }));
    await decide(approved.request, 'approve');
    const retried = await member(t, { kyc: 'none' });
    const first = await submit(retried);
    await decide(first.request, 'reject');
    await submit(retried, first.images);
    const uploader = await member(t, { kyc: 'none' });
    const [never] = await uploadPhotos(t, uploader.token, 1);

    t.clock.advance(29 * DAY_MS);
    expect(await purgeExpiredDocuments(t.app.ctx)).toBe(0);
    t.clock.advance(2 * DAY_MS);
    expect(await purgeExpiredDocuments(t.app.ctx)).toBeGreaterThanOrEqual(4);

    const looker = await member(t, { role: 'admin' });
    for (const id of [...rejected.images, never!]) {
      expect((await stored(id)).purged_at).not.toBeNull();
      expect(fs.existsSync(await onDisk(id))).toBe(false);
      expect((await fetchFile(id, looker.token)).statusCode).toBe(404);
    }
    for (const id of [...approved.images, ...first.images]) {
      expect(fs.existsSync(await onDisk(id))).toBe(true);
      expect((await fetchFile(id, looker.token)).statusCode).toBe(200);
    }
    expect(await purgeExpiredDocuments(t.app.ctx)).toBe(0);
  });
});
