import { UNAVAILABLE_MESSAGE, UPLOAD_MESSAGES as U } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_POOL, UPLOADS_IN_PROGRESS } from '../src/modules/files/image-pool.js';
import { DAILY_UPLOADS_PER_USER } from '../src/modules/files/service.js';
import type { BoundedPool } from '../src/lib/bounded-pool.js';
import { BACKENDS } from './support/databases.js';
import { photo, pixelFlood, upload, type Part } from './support/images.js';
import { member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const jpeg = async (width = 64): Promise<Part> => ({
  data: await photo('jpeg', width, 40),
  filename: 'card.jpg',
  type: 'image/jpeg',
});
const broken = async (): Promise<Part> => ({
  data: (await photo('png')).subarray(0, 60),
  filename: 'broken.png',
  type: 'image/png',
});
const flood = async (width: number, height: number): Promise<Part> => ({
  data: await pixelFlood(width, height),
  filename: 'flood.png',
  type: 'image/png',
});

/** Takes every turn and place in line of `pool` until the returned function is called. */
function occupy(pool: BoundedPool): () => Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const { concurrency, waiting } = pool.limits;
  const tasks = Array.from({ length: concurrency + waiting }, () => pool.run(() => held));
  return async () => {
    release();
    await Promise.all(tasks);
  };
}

describe.each(BACKENDS)('upload limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 30_000);
  afterAll(() => t.close());

  /** A batch of four good images and a broken fifth: refused whole, nothing kept. */
  const brokenBatch = async (token: string) => {
    const res = await upload(t, token, [
      ...(await Promise.all([1, 2, 3, 4].map(() => jpeg()))),
      await broken(),
    ]);
    expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
  };

  it('counts every image of an attempt, even of a batch refused for its last file', async () => {
    const user = await member(t, { kyc: 'none' });
    for (let i = 0; i < DAILY_UPLOADS_PER_USER / 5; i++) await brokenBatch(user.token);
    const res = await upload(t, user.token, [await jpeg()]);
    expect(res.json()).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: U.quotaReached,
    });
  });

  it('counts parallel uploads one after another, never past the quota', async () => {
    const user = await member(t, { kyc: 'none' });
    for (let i = 0; i < DAILY_UPLOADS_PER_USER / 5 - 2; i++) await brokenBatch(user.token);
    const batch = await Promise.all([1, 2, 3, 4, 5].map(() => jpeg()));
    const codes = (await Promise.all([1, 2, 3, 4].map(() => upload(t, user.token, batch)))).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 201, 429, 429]);
  });

  it('refuses an image over 16 megapixels, and more than 3 such images together', async () => {
    const user = await member(t, { kyc: 'none' });
    const one = await upload(t, user.token, [await flood(4097, 4096)]);
    expect(one.json()).toMatchObject({ status: 413, message: U.imageTooManyPixels });
    const four = await Promise.all([1, 2, 3, 4].map(() => flood(4096, 4096)));
    const together = await upload(t, user.token, four);
    expect(together.json()).toMatchObject({ status: 413, message: U.requestTooManyPixels });
  });

  it.each([
    ['the re-encoding line', IMAGE_POOL],
    ['the uploads in progress', UPLOADS_IN_PROGRESS],
  ])('answers 503 while %s is full, and uploads again once it frees', async (_name, pool) => {
    const user = await member(t, { kyc: 'none' });
    const release = occupy(pool);
    const busy = await upload(t, user.token, [await jpeg()]);
    expect(busy.json()).toMatchObject({ status: 503, message: UNAVAILABLE_MESSAGE });
    await release();
    expect((await upload(t, user.token, [await jpeg()])).statusCode).toBe(201);
  });
});
