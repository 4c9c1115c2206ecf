import { crc32 } from 'node:zlib';
import { verhoeffCheckDigit } from '@exchange/contracts';
import sharp from 'sharp';
import type { TestApp } from './test-app.js';

/** Test images are drawn here; no binary fixtures. */
export function photo(format: 'jpeg' | 'png' | 'webp', width = 64, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Copyright: 'EXIF-MARKER-do-not-keep', Artist: 'Camera owner' } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG whose header claims `width` x `height`; the file stays tiny (a pixel flood). */
export async function pixelFlood(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR is the first chunk: length(4) type(4) at 8, width at 16, height at 20, CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG with a comment segment (FF FE) carrying `text`, right after the start-of-image marker. */
export function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

export interface Part {
  data: Buffer | string;
  filename: string;
  type: string;
  field?: string;
}

/** A multipart upload as the browser sends it: repeated `files` fields. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    form.append(p.field ?? 'files', new Blob([p.data], { type: p.type }), p.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function upload(t: TestApp, token: string, parts: Part[]) {
  const { payload, headers } = await multipart(parts);
  return t.request({
    method: 'POST',
    url: '/api/v1/files/upload/multiple',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** Uploads fresh JPEGs and returns their ids. */
export async function uploadPhotos(t: TestApp, token: string, count: number): Promise<string[]> {
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      data: await photo('jpeg', 64 + i, 40),
      filename: `card-${i}.jpg`,
      type: 'image/jpeg',
    })),
  );
  const res = await upload(t, token, parts);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return (res.json().data.files as { id: string }[]).map((f) => f.id);
}

let serial = 0;
/** A fresh, checksum-valid Aadhaar number (first digit 2-9, Verhoeff last digit). */
export function aadhaarNumber(): string {
  serial += 1;
  const body = `${2 + (serial % 8)}${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(4, '0')}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

/** A fresh PAN: five letters, four digits, a letter. */
export function panNumber(): string {
  serial += 1;
  const letters = (n: number) =>
    Array.from({ length: 5 }, (_, i) =>
      String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26)),
    ).join('');
  return `${letters(serial * 7919 + (Date.now() % 1e5))}${String(serial % 10_000).padStart(4, '0')}P`;
}
