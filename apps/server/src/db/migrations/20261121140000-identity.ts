import { sql, type Kysely } from 'kysely';

/** Stored uploads and identity verification requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp')`),
    )
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('stored_files_owner_idx')
    .on('stored_files')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('kyc_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('aadhaar_last4', 'text', (c) => c.notNull().check(sql`aadhaar_last4 ~ '^[0-9]{4}$'`))
    .addColumn('aadhaar_hash', 'text', (c) => c.notNull())
    .addColumn('pan_hash', 'text', (c) => c.notNull())
    .addColumn('pan_ciphertext', 'text', (c) => c.notNull())
    .addColumn('aadhaar_image_1', 'uuid', (c) => c.notNull().references('stored_files.id'))
    .addColumn('aadhaar_image_2', 'uuid', (c) => c.notNull().references('stored_files.id'))
    .addColumn('pan_image', 'uuid', (c) => c.notNull().references('stored_files.id'))
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A rejected request frees its documents (a typo, or someone else's card); a live one holds them,
  // so one Aadhaar and one PAN serve one account, and one user has one live request.
  for (const column of ['user_id', 'aadhaar_hash', 'pan_hash']) {
    await db.schema
      .createIndex(`kyc_requests_live_${column}`)
      .on('kyc_requests')
      .column(column)
      .unique()
      .where(sql.ref('status'), '<>', 'rejected')
      .execute();
  }
  await db.schema
    .createIndex('kyc_requests_status_idx')
    .on('kyc_requests')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_requests').execute();
  await db.schema.dropTable('stored_files').execute();
}
