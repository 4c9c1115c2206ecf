import {
  ACCEPTED_IMAGE_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type ImageContentType,
} from './kyc.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type the bytes say, whatever the file's name or declared type claims. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

/**
 * The upload rules the server applies to each file, for a client to check before sending: its
 * bytes are a JPEG, PNG or WebP and it is at most 5 MB. The first failing rule's message, or null.
 */
export function imageUploadProblem(file: { size: number; head: Uint8Array }): string | null {
  const type = sniffImageType(file.head);
  if (!type || !ACCEPTED_IMAGE_TYPES.includes(type)) return UPLOAD_MESSAGES.imageType;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_MESSAGES.imageTooLarge;
  return null;
}

/** The decoded-size rule: at most `UPLOAD_LIMITS.maxPixels` per image. */
export function imagePixelsProblem(width: number, height: number): string | null {
  return width * height > UPLOAD_LIMITS.maxPixels ? UPLOAD_MESSAGES.imageTooManyPixels : null;
}
