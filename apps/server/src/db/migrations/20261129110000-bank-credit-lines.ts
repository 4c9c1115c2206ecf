import { sql, type Kysely } from 'kysely';

/**
 * Review 4 (N4-M5, N4-L8): a statement line that cannot be read (no UTR, no amount, an amount out
 * of bounds) is kept as `unreadable` with its text for an admin instead of refusing the file; such
 * a line may have no UTR or amount. Its UTR, if any, holds no claim on the credit (the unique
 * index leaves it out). Lines are found by their deposit (the Deposits screen, claim expiry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_credits
    drop constraint bank_credits_status_check,
    drop constraint bank_credits_amount_check,
    alter column utr drop not null,
    alter column amount drop not null,
    add column raw text,
    add constraint bank_credits_status_check check (status in ('credited', 'awaiting_approval', 'amount_mismatch', 'refund_due', 'unclaimed', 'refunded', 'duplicate', 'unreadable')),
    add constraint bank_credits_amount_check check (amount > 0),
    add constraint bank_credits_readable check (status = 'unreadable' or (utr is not null and amount is not null))`.execute(
    db,
  );
  await sql`drop index bank_credits_utr_once`.execute(db);
  await sql`create unique index bank_credits_utr_once on bank_credits (utr) where status not in ('duplicate', 'unreadable')`.execute(
    db,
  );
  await sql`create index bank_credits_deposit_idx on bank_credits (deposit_id) where deposit_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from bank_credits where status = 'unreadable'`.execute(db);
  await sql`drop index bank_credits_deposit_idx`.execute(db);
  await sql`drop index bank_credits_utr_once`.execute(db);
  await sql`create unique index bank_credits_utr_once on bank_credits (utr) where status <> 'duplicate'`.execute(
    db,
  );
  await sql`alter table bank_credits
    drop constraint bank_credits_readable,
    drop constraint bank_credits_status_check,
    drop column raw,
    alter column utr set not null,
    alter column amount set not null,
    add constraint bank_credits_status_check check (status in ('credited', 'awaiting_approval', 'amount_mismatch', 'refund_due', 'unclaimed', 'refunded', 'duplicate'))`.execute(
    db,
  );
}
