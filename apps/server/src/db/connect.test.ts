import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../test/support/databases.js';
import type { DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

describe.each(BACKENDS)('the query layer on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  it('returns the same JavaScript types on both drivers', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740993::int8 as big, 0.1::numeric(38, 18) as amount,
             '2025-01-02'::date as day, now() as at, 3::int4 as small`.execute(handle.db);
    expect(rows[0]).toMatchObject({
      big: '9007199254740993',
      amount: '0.100000000000000000',
      day: '2025-01-02',
      small: 3,
    });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back', async () => {
    const email = `rollback-${kind}@example.com`;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ email, first_name: 'A', last_name: 'B', phone: null, password_hash: 'x' })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const found = await handle.db.selectFrom('users').where('email', '=', email).execute();
    expect(found).toHaveLength(0);
  });

  it('keeps concurrent transactions apart', async () => {
    const insert = (n: number) =>
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            email: `tx${n}-${kind}@example.com`,
            first_name: 'A',
            last_name: 'B',
            phone: null,
            password_hash: 'x',
          })
          .execute();
      });
    await Promise.all([1, 2, 3, 4, 5].map(insert));
    const rows = await handle.db.selectFrom('users').where('email', 'like', 'tx%').execute();
    expect(rows).toHaveLength(5);
  });

  it('applies migrations once', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});
