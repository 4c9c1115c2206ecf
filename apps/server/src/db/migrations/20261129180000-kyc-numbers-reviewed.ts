import { sql, type Kysely } from 'kysely';

/**
 * Review L2 (open since review 1): a submission whose Aadhaar or PAN another account's live
 * request holds is no longer refused (the refusal told anyone whether a person has an account
 * here); it waits in the admins' queue, marked, like any other. One Aadhaar and one PAN still
 * serve one account: the database now holds that for approved requests, and the approval of a
 * request whose number another account holds approved is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['aadhaar_hash', 'pan_hash']) {
    await sql`drop index ${sql.id(`kyc_requests_live_${column}`)}`.execute(db);
    await sql`create unique index ${sql.id(`kyc_requests_approved_${column}`)}
      on kyc_requests (${sql.id(column)}) where status = 'approved'`.execute(db);
    await sql`create index ${sql.id(`kyc_requests_${column}_idx`)}
      on kyc_requests (${sql.id(column)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['aadhaar_hash', 'pan_hash']) {
    await sql`drop index ${sql.id(`kyc_requests_${column}_idx`)}`.execute(db);
    await sql`drop index ${sql.id(`kyc_requests_approved_${column}`)}`.execute(db);
    await sql`create unique index ${sql.id(`kyc_requests_live_${column}`)}
      on kyc_requests (${sql.id(column)}) where status <> 'rejected'`.execute(db);
  }
}
