import type { Selectable } from 'kysely';
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
  };
}

export async function insertStoredFiles(
  db: Db,
  images: Omit<StoredImage, 'id'>[],
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
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function countUploadsSince(db: Db, ownerId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('stored_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
