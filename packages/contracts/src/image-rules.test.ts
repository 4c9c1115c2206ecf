import { describe, expect, it } from 'vitest';
import { imagePixelsProblem, imageUploadProblem, sniffImageType } from './image-rules.js';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES as U } from './kyc.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
const gif = new TextEncoder().encode('GIF89a......');

describe('image rules shared by the upload route and the identity form', () => {
  it('judges the type by the bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses other types and files over 5 MB with the server messages', () => {
    expect(imageUploadProblem({ size: 1000, head: png })).toBeNull();
    expect(imageUploadProblem({ size: 1000, head: gif })).toBe(U.imageType);
    expect(imageUploadProblem({ size: UPLOAD_LIMITS.maxBytes, head: jpeg })).toBeNull();
    expect(imageUploadProblem({ size: UPLOAD_LIMITS.maxBytes + 1, head: jpeg })).toBe(
      U.imageTooLarge,
    );
  });

  it('refuses images above 16 megapixels', () => {
    expect(imagePixelsProblem(4032, 3024)).toBeNull();
    expect(imagePixelsProblem(4096, 4096)).toBeNull();
    expect(imagePixelsProblem(4097, 4096)).toBe(U.imageTooManyPixels);
  });
});
