import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { StoredFilesTable } from '../../db/schema-identity.js';

export type StoredFileRow = Selectable<StoredFilesTable>;

export function insertStoredFiles(
  db: Db,
  rows: Insertable<StoredFilesTable>[],
): Promise<StoredFileRow[]> {
  return db.insertInto('stored_files').values(rows).returningAll().execute();
}

export function findStoredFile(db: Db, id: string): Promise<StoredFileRow | undefined> {
  return db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirst();
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
