import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOINABLE, OUTSIDE_MODULES, ownerOf, TABLE_OWNERS } from '../src/db/table-owners.js';
import { tableQueries, type TableQuery } from '../scripts/table-queries.js';

const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));
const DB = new URL('../src/db/', import.meta.url);

/** The tables of Kysely's `Database` (`db/schema*.ts`: each a `name: SomethingTable;` line). */
const tables = new Set(
  readdirSync(DB)
    .filter((name) => /^schema.*\.ts$/.test(name))
    .flatMap((name) => [
      ...readFileSync(new URL(name, DB), 'utf8').matchAll(/^ {2}(\w+): \w+Table;$/gm),
    ])
    .map(([, table]) => table!),
);

/**
 * Queries of another module's table that are known and not yet moved behind the owner's
 * service, each with why. The test fails on any other, and on one of these once it is gone
 * (then delete its line).
 */
const KNOWN_CROSSINGS = [
  'admin reads admin_actions: the admin audit log, written by audit-trail',
  'audit reads accounts, candles, ledger_entries, ledger_transactions, orders, pairs, tds_deductions, tokens, trades, usdt_inr_rates, users, withdrawals: the ledger audit checks every table',
  'bank-transfers reads withdrawals: a payout batch lists the rupee withdrawals it pays',
  'binance reads api_keys: a listen key locks and joins its API key',
  'cooling-off reads users: the withdrawal hold is a column of users',
  'files reads kyc_requests, users: retention keeps the images a verification names; locks the owner while counting uploads',
  'kyc reads users: locks the user while a verification is filed',
  'market reads trades: the public tape and 24 h windows',
  'orders reads tds_deductions: a user trade shows the TDS withheld',
  'proof-of-reserves reads accounts, ledger_transactions: the snapshot of balances at a ledger position',
  'reviews reads deposits, withdrawals: the approvals of both queues (the admins’ daily cap)',
  'tax reads trades: a fill side’s fee, whose GST the monthly tax invoice and GSTR-1 add up',
  'withdrawals reads bank_accounts: a rupee payee is a verified bank account',
];

/** "module reads t1, t2" for each module that queries a table it does not own. */
function crossings(queries: TableQuery[]): string[] {
  const read = new Map<string, Set<string>>();
  for (const q of queries) {
    if (ownerOf(q.table) === q.module) continue;
    if (q.how === 'join' && JOINABLE.includes(q.table)) continue;
    read.set(q.module, (read.get(q.module) ?? new Set()).add(q.table));
  }
  return [...read]
    .map(([module, tables]) => `${module} reads ${[...tables].sort().join(', ')}`)
    .sort();
}

describe('table owners', () => {
  it('gives every table of the database one owner', () => {
    const owned = [...Object.values(TABLE_OWNERS).flat(), ...OUTSIDE_MODULES];
    expect(owned.length).toBe(new Set(owned).size);
    expect([...tables].filter((t) => !owned.includes(t))).toEqual([]);
    expect(owned.filter((t) => !tables.has(t))).toEqual([]);
  });

  it('finds no module querying a table of another module beyond the known ones', () => {
    const found = crossings(tableQueries(MODULES, tables));
    expect(found).toEqual(KNOWN_CROSSINGS.map((line) => line.split(':')[0]));
  });

  it('sees every way a file names a table', () => {
    const queries = tableQueries(MODULES, tables);
    const hows = (module: string, table: string) =>
      new Set(queries.filter((q) => q.module === module && q.table === table).map((q) => q.how));
    expect(hows('users', 'users')).toEqual(new Set(['selectFrom', 'insertInto', 'updateTable']));
    expect(hows('tax', 'tds_deductions')).toEqual(new Set(['selectFrom']));
    expect(hows('kyc', 'users')).toEqual(new Set(['join', 'selectFrom']));
    expect(hows('audit', 'ledger_entries')).toEqual(new Set(['sql']));
    expect(crossings([{ module: 'market', file: 'x.ts', table: 'users', how: 'join' }])).toEqual(
      [],
    );
    expect(
      crossings([{ module: 'market', file: 'x.ts', table: 'users', how: 'selectFrom' }]),
    ).toEqual(['market reads users']);
  });
});
