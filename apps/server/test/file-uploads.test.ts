import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MESSAGES as U } from '@exchange/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { photo, pixelFlood, upload, withJpegComment } from './support/images.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SCRIPT = '<script>alert("owned")</script>';
const ZIP_MARKER = 'PK\u0003\u0004payload.js';

describe.each(BACKENDS)('identity document uploads on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let user: Member;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
    user = await member(t, { kyc: 'none' });
    // Building an app on PGlite takes a while on a busy machine.
  }, 30_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchFile = (id: string, token: string) => authed(t, 'GET', `/files/${id}`, token);

  it('stores JPEG, PNG and WebP re-encoded, without metadata, privately, under random names', async () => {
    const parts = await Promise.all(
      (['jpeg', 'png', 'webp'] as const).map(async (format) => ({
        data: await photo(format),
        filename: `../../etc/passwd.${format}`,
        type: 'application/octet-stream',
      })),
    );
    const res = await upload(t, user.token, parts);
    expect(res.statusCode).toBe(201);
    const { files } = res.json().data as { files: { id: string; content_type: string }[] };
    expect(res.json()).toMatchObject({ success: true, status: 201, message: U.uploaded });
    expect(files.map((f) => f.content_type)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(files[0]).toMatchObject({ width: 64, height: 40, url: `/api/v1/files/${files[0]!.id}` });

    const stored = fs.readdirSync(path.join(dataDir, 'uploads'));
    expect(stored).toHaveLength(3);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f]{32}\.(jpg|png|webp)$/);
    expect(fs.statSync(path.join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'uploads', stored[0]!)).mode & 0o777).toBe(0o600);

    for (const file of files) {
      const got = await fetchFile(file.id, user.token);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(file.content_type);
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.includes('EXIF-MARKER')).toBe(false);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
    }
  });

  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  it.each([
    ['an SVG', async () => svg, 'x.svg', 'image/svg+xml'],
    ['a text file named .png', async () => 'just some text, honest', 'photo.png', 'image/png'],
    [
      'HTML in front of a JPEG',
      async () => Buffer.concat([Buffer.from(`<html>${SCRIPT}</html>`), await photo('jpeg')]),
      'card.jpg',
      'image/jpeg',
    ],
    [
      'a GIF',
      async () => Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000;'),
      'a.gif',
      'image/gif',
    ],
  ])('refuses %s: only JPEG, PNG or WebP bytes pass', async (_label, make, filename, type) => {
    const res = await upload(t, user.token, [{ data: await make(), filename, type }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: U.imageType,
    });
  });

  it('re-encodes polyglots: a script in a JPEG comment and a zip after a PNG do not survive', async () => {
    const jpeg = withJpegComment(await photo('jpeg'), `<html>${SCRIPT}</html>`);
    const png = Buffer.concat([await photo('png'), Buffer.from(`${ZIP_MARKER}${SCRIPT}`)]);
    expect(jpeg.includes(SCRIPT)).toBe(true);
    const res = await upload(t, user.token, [
      { data: jpeg, filename: 'a.jpg', type: 'image/jpeg' },
      { data: png, filename: 'b.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    for (const file of res.json().data.files as { id: string }[]) {
      const got = await fetchFile(file.id, user.token);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.includes(SCRIPT)).toBe(false);
      expect(got.rawPayload.includes('payload.js')).toBe(false);
      expect(got.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('refuses an oversized file, a pixel flood, a broken image and too many files, keeping none', async () => {
    const before = fs.readdirSync(path.join(dataDir, 'uploads')).length;
    const big = Buffer.concat([await photo('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(t, user.token, [
      { data: big, filename: 'big.jpg', type: 'image/jpeg' },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: U.imageTooLarge });

    const flood = await pixelFlood(50_000, 50_000);
    expect(flood.length).toBeLessThan(200);
    const flooded = await upload(t, user.token, [
      { data: await photo('png'), filename: 'ok.png', type: 'image/png' },
      { data: flood, filename: 'flood.png', type: 'image/png' },
    ]);
    expect(flooded.statusCode).toBe(413);
    expect(flooded.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: U.imageTooManyPixels,
    });

    const truncated = (await photo('png')).subarray(0, 60);
    const broken = await upload(t, user.token, [
      { data: truncated, filename: 'b.png', type: 'image/png' },
    ]);
    expect(broken.json()).toMatchObject({
      status: 400,
      code: 'INVALID_IMAGE',
      message: U.imageUnreadable,
    });
    const jpeg = await photo('jpeg', 400, 300);
    const halfJpeg = await upload(t, user.token, [
      { data: jpeg.subarray(0, jpeg.length / 2), filename: 'half.jpg', type: 'image/jpeg' },
    ]);
    expect(halfJpeg.json()).toMatchObject({ status: 400, code: 'INVALID_IMAGE' });

    const six = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        data: await photo('jpeg'),
        filename: 'a.jpg',
        type: 'image/jpeg',
      })),
    );
    const tooMany = await upload(t, user.token, six);
    expect(tooMany.json()).toMatchObject({ status: 413, message: U.tooManyFiles });
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before);
  });

  it('refuses an empty upload, a JSON body and a file under another field name', async () => {
    const none = await upload(t, user.token, []);
    expect(none.json()).toMatchObject({ status: 400, message: U.noFiles });
    const json = await authed(t, 'POST', '/files/upload/multiple', user.token, { files: [] });
    expect(json.json()).toMatchObject({ status: 415, message: U.notMultipart });
    const other = await upload(t, user.token, [
      { data: await photo('jpeg'), filename: 'a.jpg', type: 'image/jpeg', field: 'avatar' },
    ]);
    expect(other.json()).toMatchObject({ status: 400, message: U.notMultipart });
  });

  it("lets nobody but the owner or an admin read a file, and records the admin's look", async () => {
    const owner = await member(t, { kyc: 'none' });
    const other = await member(t, { kyc: 'none' });
    const admin = await member(t, { role: 'admin' });
    const res = await upload(t, owner.token, [
      { data: await photo('png'), filename: 'a.png', type: 'image/png' },
    ]);
    const id = (res.json().data.files as { id: string }[])[0]!.id;

    expect((await fetchFile(id, owner.token)).statusCode).toBe(200);
    const stranger = await fetchFile(id, other.token);
    expect(stranger.json()).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'File not found',
    });
    const unknown = await fetchFile('00000000-0000-4000-8000-000000000000', other.token);
    expect(unknown.json()).toEqual(stranger.json());
    const anonymous = await t.request({ method: 'GET', url: `/api/v1/files/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const noAuthUpload = await t.request({ method: 'POST', url: '/api/v1/files/upload/multiple' });
    expect(noAuthUpload.statusCode).toBe(401);

    expect((await fetchFile(id, admin.token)).statusCode).toBe(200);
    const actions = await t.database.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('target_id', '=', id)
      .execute();
    expect(actions).toMatchObject([
      {
        admin_id: admin.id,
        ip: '127.0.0.1',
        action: 'file.viewed',
        target_type: 'file',
        user_id: expect.any(String),
      },
    ]);
  });
});
