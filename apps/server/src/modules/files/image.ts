import {
  sniffImageType,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES as U,
  type ImageContentType,
} from '@exchange/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

// Decoded identity documents must not linger in libvips' operation cache.
sharp.cache(false);

export interface CleanImage {
  data: Buffer;
  contentType: ImageContentType;
  extension: string;
  width: number;
  height: number;
}

const FORMATS = {
  'image/jpeg': { sharp: 'jpeg', extension: '.jpg' },
  'image/png': { sharp: 'png', extension: '.png' },
  'image/webp': { sharp: 'webp', extension: '.webp' },
} as const;

const refuse = {
  type: () => new AppError('UNSUPPORTED_MEDIA_TYPE', U.imageType),
  pixels: () => new AppError('PAYLOAD_TOO_LARGE', U.imageTooManyPixels),
  unreadable: () => new AppError('INVALID_IMAGE', U.imageUnreadable),
};

/**
 * Decodes and re-encodes an upload in its own format. Only pixels survive: metadata (EXIF, GPS,
 * comments) and anything hidden around or inside the image (a script, an appended archive) are
 * dropped. The pixel count is checked from the header before anything is decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<CleanImage> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw refuse.type();
  const format = FORMATS[contentType];
  // failOn 'error': truncated or corrupt data is refused; a camera's harmless warnings are not.
  const input = () =>
    sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error', pages: 1 });

  const meta = await input()
    .metadata()
    .catch((err: unknown) => {
      throw tooManyPixels(err) ? refuse.pixels() : refuse.unreadable();
    });
  if (meta.format !== format.sharp) throw refuse.type();
  if (!meta.width || !meta.height) throw refuse.unreadable();
  if (meta.width * meta.height > UPLOAD_LIMITS.maxPixels) throw refuse.pixels();

  // rotate() applies the EXIF orientation first, since the EXIF block itself is dropped.
  const { data, info } = await input()
    .rotate()
    .toFormat(format.sharp, { quality: 90 })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw tooManyPixels(err) ? refuse.pixels() : refuse.unreadable();
    });
  return { data, contentType, extension: format.extension, width: info.width, height: info.height };
}

function tooManyPixels(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
