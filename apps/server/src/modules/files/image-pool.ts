import { UPLOAD_LIMITS, UPLOAD_MESSAGES as U } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';
import { BoundedPool, inTurn } from '../../lib/bounded-pool.js';
import { readImageHeader, reencodeImage, type CleanImage } from './image.js';

/**
 * Upload requests in progress in this process, their bodies included: each holds up to 5 x 5 MB
 * in memory, so at most 8 (200 MB); one more is answered 503 before its body is read.
 */
export const UPLOADS_IN_PROGRESS = new BoundedPool({ concurrency: 8, waiting: 0 });

/**
 * Re-encoding, one upload's images at a time and two uploads at once: decoding runs on libuv's
 * thread pool (4 threads, shared with password hashing and file reads), and at 16 megapixels an
 * image takes about 70 MB and a fraction of a second of a core. The others wait in line; the
 * line is as long as the uploads in progress, so it only fills if those limits change.
 */
export const IMAGE_POOL = new BoundedPool({ concurrency: 2, waiting: 6 });

/**
 * Every image's header first (type by its bytes, pixels by its header, nothing decoded), the
 * upload's pixels together, then the re-encodes one after another, all in one turn of the pool.
 */
export function cleanImages(uploads: Buffer[]): Promise<CleanImage[]> {
  return inTurn(IMAGE_POOL, async () => {
    const checked = [];
    for (const bytes of uploads) checked.push({ bytes, header: await readImageHeader(bytes) });
    const pixels = checked.reduce((sum, c) => sum + c.header.pixels, 0);
    if (pixels > UPLOAD_LIMITS.maxRequestPixels) {
      throw new AppError('PAYLOAD_TOO_LARGE', U.requestTooManyPixels);
    }
    const images: CleanImage[] = [];
    for (const { bytes, header } of checked) images.push(await reencodeImage(bytes, header));
    return images;
  });
}
