import type { StoredFile } from '@exchange/contracts';
import { UPLOAD_MESSAGES as U } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import { AppError } from '../../lib/app-error.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { cleanImages } from './image-pool.js';
import type { CleanImage } from './image.js';
import {
  findStoredFile,
  insertStoredFiles,
  reserveUploads,
  type StoredImage,
} from './repository.js';
import { identityVault } from '../../lib/identity-vault.js';
import { newUploadName, readUpload, removeUploads, uploadsDir, writeUpload } from './storage.js';

/** Enough for several attempts at a verification, not enough to fill a disk. */
export const DAILY_UPLOADS_PER_USER = 60;
const DAY_MS = 86_400_000;

export const toStoredFileDto = (image: StoredImage): StoredFile => ({
  id: image.id,
  url: `/api/v1/files/${image.id}`,
  content_type: image.contentType,
  size: image.size,
  width: image.width,
  height: image.height,
});

/**
 * All or nothing: every image is checked and re-encoded before any is kept. The images count
 * against the daily quota before the first is decoded, whether they are kept or refused.
 */
export async function uploadImages(
  ctx: AppContext,
  ownerId: string,
  uploads: Buffer[],
): Promise<StoredFile[]> {
  const now = ctx.now();
  const quota = { ownerId, files: uploads.length, max: DAILY_UPLOADS_PER_USER, now };
  if (!(await reserveUploads(ctx.db, { ...quota, since: new Date(now.getTime() - DAY_MS) }))) {
    throw new AppError('RATE_LIMITED', U.quotaReached);
  }
  return storeImages(ctx, ownerId, await cleanImages(uploads));
}

/**
 * Keeps re-encoded images as `ownerId`'s, each sealed in its own file (identity-vault.ts), all
 * or none: a failure removes the files already written.
 */
export async function storeImages(
  ctx: AppContext,
  ownerId: string,
  images: CleanImage[],
): Promise<StoredFile[]> {
  const dir = uploadsDir(ctx.config);
  const vault = await identityVault(ctx.config);
  const names: string[] = [];
  try {
    const rows = [];
    for (const image of images) {
      const name = newUploadName(image.extension);
      names.push(name);
      await writeUpload(dir, name, vault.sealImage(image.data, imageBinding(ownerId, name)));
      rows.push({
        ownerId,
        contentType: image.contentType,
        path: name,
        size: image.data.length,
        width: image.width,
        height: image.height,
        createdAt: ctx.now(),
      });
    }
    const stored = await insertStoredFiles(ctx.db, rows);
    return stored.map(toStoredFileDto);
  } catch (err) {
    await removeUploads(dir, names);
    throw err;
  }
}

/**
 * A stored file, decrypted, for its owner or an administrator; anyone else learns nothing, not
 * even that it exists. An administrator's look at someone's document goes on the audit trail.
 */
export async function openStoredFile(
  ctx: AppContext,
  auth: AuthInfo,
  /** The request's client address, for the audit trail. */
  ip: string,
  id: string,
) {
  const row = await findStoredFile(ctx.db, id);
  const isOwner = row?.ownerId === auth.userId;
  // A file deleted under the retention rule is gone for everyone.
  if (!row || row.purgedAt || (!isOwner && auth.role !== 'admin')) {
    throw new AppError('NOT_FOUND', 'File not found');
  }
  if (!isOwner) {
    await recordAdminAction(ctx.db, {
      adminId: auth.userId,
      ip,
      action: 'file.viewed',
      targetType: 'file',
      targetId: row.id,
      userId: row.ownerId,
      before: null,
      after: null,
      createdAt: ctx.now(),
    });
  }
  const vault = await identityVault(ctx.config);
  const stored = await readUpload(uploadsDir(ctx.config), row.path);
  return { row, image: vault.openImage(stored, imageBinding(row.ownerId, row.path)) };
}

/** What a sealed image is bound to: its owner and its file name. */
const imageBinding = (ownerId: string, name: string) => `${ownerId}:${name}`;

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { ownedFileIds } from './repository.js';
