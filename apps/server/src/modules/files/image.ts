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
// One libvips thread per image: the re-encode pool (image-pool.ts) then bounds the threads too.
sharp.concurrency(1);

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

/** What an image's header says, read before anything is decoded. */
export interface ImageHeader {
  contentType: ImageContentType;
  pixels: number;
}

const input = (bytes: Buffer) =>
  // failOn 'error': truncated or corrupt data is refused; a camera's harmless warnings are not.
  sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error', pages: 1 });

/** The type by the bytes and the size by the header: cheap, and no pixel is decoded. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw refuse.type();
  const meta = await input(bytes)
    .metadata()
    .catch((err: unknown) => {
      throw tooManyPixels(err) ? refuse.pixels() : refuse.unreadable();
    });
  if (meta.format !== FORMATS[contentType].sharp) throw refuse.type();
  if (!meta.width || !meta.height) throw refuse.unreadable();
  const pixels = meta.width * meta.height;
  if (pixels > UPLOAD_LIMITS.maxPixels) throw refuse.pixels();
  return { contentType, pixels };
}

/**
 * Decodes and re-encodes an upload in its own format. Only pixels survive: metadata (EXIF, GPS,
 * comments) and anything hidden around or inside the image (a script, an appended archive) are
 * dropped. `header` comes from `readImageHeader`, so the pixel count was checked first.
 */
export async function reencodeImage(bytes: Buffer, header: ImageHeader): Promise<CleanImage> {
  const format = FORMATS[header.contentType];
  // rotate() applies the EXIF orientation first, since the EXIF block itself is dropped.
  const { data, info } = await input(bytes)
    .rotate()
    .toFormat(format.sharp, { quality: 90 })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw tooManyPixels(err) ? refuse.pixels() : refuse.unreadable();
    });
  return {
    data,
    contentType: header.contentType,
    extension: format.extension,
    width: info.width,
    height: info.height,
  };
}

function tooManyPixels(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
