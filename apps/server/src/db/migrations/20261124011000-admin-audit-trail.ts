import { sql, type Kysely } from 'kysely';

/**
 * The admin audit trail keeps who, when, from which address, what, on whom, and the values before
 * and after; it is append-only, enforced by the database: a trigger refuses every UPDATE, DELETE
 * and TRUNCATE, whoever runs it. Entries recorded before keep their detail as `after`, their
 * user found from the detail or the record acted on, and action names in the past tense.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_actions
    add column ip text,
    add column user_id uuid references users (id),
    add column before jsonb,
    add column after jsonb`.execute(db);
  await sql`update admin_actions a set
    user_id = coalesce(
      (a.detail ->> 'user_id')::uuid,
      (a.detail ->> 'owner_id')::uuid,
      (select d.user_id from deposits d where a.target_type = 'deposit' and d.id::text = a.target_id),
      (select w.user_id from withdrawals w where a.target_type = 'withdrawal' and w.id::text = a.target_id)
    ),
    after = nullif(a.detail - 'user_id' - 'owner_id', '{}'::jsonb),
    action = case a.action
      when 'kyc.approve' then 'kyc.approved'
      when 'kyc.reject' then 'kyc.rejected'
      when 'file.view' then 'file.viewed'
      else a.action end`.execute(db);
  await sql`alter table admin_actions drop column detail`.execute(db);
  for (const column of ['created_at', 'admin_id', 'user_id', 'action'])
    await sql`create index ${sql.raw(`admin_actions_${column}_idx`)} on admin_actions (${sql.ref(column)}, created_at desc)`.execute(
      db,
    );
  await sql`create function admin_actions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_actions is append-only: % refused', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger admin_actions_no_change before update or delete on admin_actions
    for each row execute function admin_actions_append_only()`.execute(db);
  await sql`create trigger admin_actions_no_truncate before truncate on admin_actions
    for each statement execute function admin_actions_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger admin_actions_no_truncate on admin_actions`.execute(db);
  await sql`drop trigger admin_actions_no_change on admin_actions`.execute(db);
  await sql`drop function admin_actions_append_only()`.execute(db);
  for (const column of ['created_at', 'admin_id', 'user_id', 'action'])
    await sql`drop index ${sql.raw(`admin_actions_${column}_idx`)}`.execute(db);
  await sql`alter table admin_actions add column detail jsonb not null default '{}'::jsonb`.execute(
    db,
  );
  await sql`alter table admin_actions drop column ip, drop column user_id,
    drop column before, drop column after`.execute(db);
}
