import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { insertToken } from './support/listings.js';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../src/cli/audit-ledger.ts');

/** `npm run audit:ledger` as an operator runs it, on an embedded database no server holds. */
async function audit(dataDir: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '1' },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run audit:ledger', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-cli-'));
    const database = connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrateToLatest(database.db);
    await insertToken(database.db, {
      name: 'Tether',
      shortName: 'USDT',
      decimals: 6,
      networks: [],
    });
    await database.close();
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it(
    'passes on a consistent ledger and fails, naming the account, on a balance without entries',
    { timeout: 60_000 },
    async () => {
      const clean = await audit(dataDir);
      expect(clean.out).toContain('ledger audit passed');
      expect(clean.code).toBe(0);

      const database = connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      const token = await database.db.selectFrom('tokens').select('id').executeTakeFirstOrThrow();
      await database.db
        .insertInto('accounts')
        .values({
          id: 's:fees:forged',
          system: 'fees',
          token_id: token.id,
          available: '5',
          locked: '0',
          user_id: null,
          wallet_type: null,
        })
        .execute();
      // A balanced pair of entries on that account, labelled with a token it does not hold.
      const other = await insertToken(database.db, {
        name: 'Other',
        shortName: 'OTH',
        decimals: 8,
        networks: [],
      });
      await database.db
        .insertInto('ledger_transactions')
        .values({
          id: '00000000-0000-4000-8000-000000000001',
          kind: 'transfer',
          reference: 'forged',
          created_at: new Date(),
        })
        .execute();
      await database.db
        .insertInto('ledger_entries')
        .values(
          ['1', '-1'].map((amount) => ({
            transaction_id: '00000000-0000-4000-8000-000000000001',
            account_id: 's:fees:forged',
            bucket: 'available' as const,
            token_id: other,
            amount,
          })),
        )
        .execute();
      // And a balanced pair of entries whose transaction was never written.
      await database.db
        .insertInto('ledger_entries')
        .values(
          ['2', '-2'].map((amount) => ({
            transaction_id: '00000000-0000-4000-8000-00000000dead',
            account_id: 's:fees:forged',
            bucket: 'locked' as const,
            token_id: token.id,
            amount,
          })),
        )
        .execute();
      // An entry on an account that does not exist, and an order of nobody on no pair.
      await database.db
        .insertInto('ledger_entries')
        .values(
          ['3', '-3'].map((amount) => ({
            transaction_id: '00000000-0000-4000-8000-000000000001',
            account_id: 'u:nobody',
            bucket: 'available' as const,
            token_id: token.id,
            amount,
          })),
        )
        .execute();
      const nobody = '00000000-0000-4000-8000-0000000000aa';
      await database.db
        .insertInto('orders')
        .values({
          id: '77',
          user_id: nobody,
          pair_id: nobody,
          side: 'buy',
          order_type: 'limit',
          price: '1',
          volume: '1',
          filled: '0',
          quote_filled: '0',
          fee: '0',
          held: '0',
          status: 'open',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      await database.close();

      const broken = await audit(dataDir);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(
        'VIOLATION account s:fees:forged holds 5/0 but its entries sum to 0/0',
      );
      expect(broken.out).toContain(
        'VIOLATION ledger transaction 00000000-0000-4000-8000-000000000001 names another token than its account s:fees:forged',
      );
      expect(broken.out).toContain(
        'VIOLATION ledger entries of 00000000-0000-4000-8000-00000000dead belong to no transaction',
      );
      expect(broken.out).toContain('VIOLATION ledger entries naming no account: u:nobody');
      expect(broken.out).toContain('VIOLATION orders of no user: 77');
      expect(broken.out).toContain('VIOLATION orders on no pair: 77');
    },
  );
});
