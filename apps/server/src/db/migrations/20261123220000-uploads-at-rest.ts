import { sql, type Kysely } from 'kysely';

/**
 * Upload attempts, counted before any image is decoded (the daily quota), and when a stored
 * image's file was deleted under the retention rule (its row stays: requests name it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('files', 'integer', (c) => c.notNull().check(sql`files > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_attempts_owner_idx')
    .on('upload_attempts')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema.alterTable('stored_files').addColumn('purged_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').dropColumn('purged_at').execute();
  await db.schema.dropTable('upload_attempts').execute();
}
