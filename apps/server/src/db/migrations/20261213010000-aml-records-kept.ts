import { sql, type Kysely } from 'kysely';

/**
 * Issue 52 item 4, record retention (PMLA section 12: five years after the account closes): the
 * database refuses to delete an AML case, and to change or delete an entry of a case's history or
 * a filed STR, as it does for the admin audit trail. No flow of the app deletes them; this makes
 * sure none can, whatever a future account-closing flow does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function aml_records_kept() returns trigger language plpgsql as $$
    begin
      raise exception '% is kept for five years after the account closes: % refused',
        tg_table_name, tg_op using errcode = '42501';
    end $$`.execute(db);
  for (const table of ['aml_case_events', 'aml_reports'])
    await sql`create trigger ${sql.raw(`${table}_kept`)} before update or delete on ${sql.table(table)}
      for each row execute function aml_records_kept()`.execute(db);
  await sql`create trigger aml_cases_kept before delete on aml_cases
    for each row execute function aml_records_kept()`.execute(db);
  for (const table of ['aml_cases', 'aml_case_events', 'aml_reports'])
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function aml_records_kept()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['aml_cases', 'aml_case_events', 'aml_reports'])
    await sql`drop trigger ${sql.raw(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger aml_cases_kept on aml_cases`.execute(db);
  for (const table of ['aml_case_events', 'aml_reports'])
    await sql`drop trigger ${sql.raw(`${table}_kept`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function aml_records_kept()`.execute(db);
}
