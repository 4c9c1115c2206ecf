import { sql, type Kysely } from 'kysely';

/**
 * Login history (every attempt: when, from where, how it ended; kept 180 days) and when each
 * session was last used, for the Security page's lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'timestamptz').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('device_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_user_created_idx')
    .on('login_attempts')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_created_at_idx')
    .on('login_attempts')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
