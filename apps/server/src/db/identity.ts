import { sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * Which database this is, the same from every process connected to it and different for every
 * other: the server's system identifier (made when its cluster was created) and the database's
 * name. Processes that share it are one deployment.
 */
export async function databaseIdentity(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string; name: string }>`
    select system_identifier::text as id, current_database() as name from pg_control_system()`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('pg_control_system() answered no row');
  return `${row.id}/${row.name}`;
}
