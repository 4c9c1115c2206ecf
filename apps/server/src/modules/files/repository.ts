import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ImageContentType } from '@exchange/contracts';
import type { StoredFilesTable } from '../../db/schema-identity.js';

/** An uploaded image as the services see it. */
export interface StoredImage {
  id: string;
  ownerId: string;
  contentType: ImageContentType;
  /** A random file name inside the uploads folder, never a caller's name. */
  path: string;
  size: number;
  width: number;
  height: number;
  createdAt: Date;
  /** When the retention rule deleted the file (the row stays: requests name it). */
  purgedAt: Date | null;
}

function storedImageFromRow(row: Selectable<StoredFilesTable>): StoredImage {
  return {
    id: row.id,
    ownerId: row.owner_id,
    contentType: row.content_type,
    path: row.path,
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
    purgedAt: row.purged_at,
  };
}

export async function insertStoredFiles(
  db: Db,
  images: Omit<StoredImage, 'id' | 'purgedAt'>[],
): Promise<StoredImage[]> {
  const rows = await db
    .insertInto('stored_files')
    .values(
      images.map((i) => ({
        owner_id: i.ownerId,
        content_type: i.contentType,
        path: i.path,
        size: i.size,
        width: i.width,
        height: i.height,
        created_at: i.createdAt,
      })),
    )
    .returningAll()
    .execute();
  return rows.map(storedImageFromRow);
}

export async function findStoredFile(db: Db, id: string): Promise<StoredImage | undefined> {
  const row = await db
    .selectFrom('stored_files')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && storedImageFromRow(row);
}

/** Which of `ids` belong to `ownerId`. */
export async function ownedFileIds(db: Db, ownerId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stored_files')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('purged_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Counts an upload of `files` images against the owner's quota of `max` a window (since
 * `since`), before anything is decoded: an attempt counts whatever becomes of it. The owner's
 * row is locked meanwhile, so parallel uploads are counted one after another, never past the
 * quota. Attempts older than the window are dropped on the way. False: over the quota.
 */
export async function reserveUploads(
  db: Db,
  quota: { ownerId: string; files: number; max: number; since: Date; now: Date },
): Promise<boolean> {
  const { ownerId, files, max, since, now } = quota;
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    const row = await trx
      .selectFrom('upload_attempts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('files'), eb.lit(0)).as('n'))
      .where('owner_id', '=', ownerId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) + files > max) return false;
    await trx
      .deleteFrom('upload_attempts')
      .where('owner_id', '=', ownerId)
      .where('created_at', '<', since)
      .execute();
    await trx
      .insertInto('upload_attempts')
      .values({ owner_id: ownerId, files, created_at: now })
      .execute();
    return true;
  });
}

/** A request names the outer query's stored file as one of its three images. */
const NAMES_FILE = sql`(kyc_requests.aadhaar_image_1 = stored_files.id
  or kyc_requests.aadhaar_image_2 = stored_files.id or kyc_requests.pan_image = stored_files.id)`;

/**
 * Images not yet purged that no request keeps: every request naming them was rejected before
 * `cutoff`, or none names them and they were uploaded before `cutoff` (files/retention.ts).
 */
export async function findExpiredImages(
  db: Db,
  cutoff: Date,
): Promise<{ id: string; path: string }[]> {
  const keptByRequest = sql<boolean>`exists (select 1 from kyc_requests where ${NAMES_FILE}
    and (kyc_requests.status <> 'rejected' or kyc_requests.reviewed_at >= ${cutoff}))`;
  const named = sql<boolean>`exists (select 1 from kyc_requests where ${NAMES_FILE})`;
  return db
    .selectFrom('stored_files')
    .select(['id', 'path'])
    .where('purged_at', 'is', null)
    .where(sql<boolean>`not ${keptByRequest}`)
    .where(sql<boolean>`(${named} or stored_files.created_at < ${cutoff})`)
    .execute();
}

export async function markImagesPurged(db: Db, ids: string[], now: Date): Promise<void> {
  await db.updateTable('stored_files').set({ purged_at: now }).where('id', 'in', ids).execute();
}
