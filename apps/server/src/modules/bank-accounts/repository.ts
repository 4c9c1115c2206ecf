import type { BankAccountStatus } from '@exchange/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';
import type { BankAccountsTable } from '../../db/schema-rupee.js';

export type BankAccountRow = Selectable<BankAccountsTable>;

export function bankAccountsOf(db: Db, userId: string): Promise<BankAccountRow[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '<>', 'removed')
    .orderBy('created_at')
    .execute();
}

export function findBankAccount(db: Db, id: string): Promise<BankAccountRow | undefined> {
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

const LIVE: BankAccountStatus[] = ['pending', 'verified'];

/** The live (pending or verified) account of any user with this number at this IFSC's bank. */
export function liveAccountByNumber(
  db: Db,
  accountNumber: string,
  ifsc: string,
): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('account_number', '=', accountNumber)
    .where(sql<string>`left(ifsc, 4)`, '=', ifsc.slice(0, 4))
    .where('status', 'in', LIVE)
    .executeTakeFirst();
}

/** The live account of any user that names this UPI ID. */
export function liveAccountByVpa(db: Db, vpa: string): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('upi_id', '=', vpa)
    .where('status', 'in', LIVE)
    .executeTakeFirst();
}

/** Changes a live account; undefined when it is no longer live. */
export function updateLiveAccount(
  db: Db,
  id: string,
  changes: Partial<BankAccountRow>,
): Promise<BankAccountRow | undefined> {
  return setBankAccountStatus(db, id, LIVE, changes);
}

export async function insertBankAccount(db: Db, row: BankAccountRow): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

/** Changes an account if its status is still one of `from`; undefined when another decision came first. */
export async function setBankAccountStatus(
  db: Db,
  id: string,
  from: BankAccountStatus[],
  changes: Partial<BankAccountRow>,
): Promise<BankAccountRow | undefined> {
  return db
    .updateTable('bank_accounts')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/** The console's queue: accounts by status, oldest first, with the owner and identity name. */
export function bankAccountQueue(db: Db, status: BankAccountStatus, page: Page) {
  const query = db
    .selectFrom('bank_accounts')
    .innerJoin('users', 'users.id', 'bank_accounts.user_id')
    .selectAll('bank_accounts')
    .select(['users.email', 'users.first_name', 'users.last_name'])
    .where('bank_accounts.status', '=', status)
    .orderBy('bank_accounts.created_at')
    .orderBy('bank_accounts.id');
  return paginate(query, page);
}

/** The verified accounts of a user: where money may come from and go to. */
export function verifiedAccountsOf(db: Db, userId: string): Promise<BankAccountRow[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .execute();
}
