import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.js';
import { sql } from 'kysely';
import { pgColumn, type ArrayElement } from './pg-array.js';

/** The array literal of the values themselves. */
const pgArray = (values: readonly ArrayElement[]) => pgColumn(values, (v) => v);

describe('pgColumn', () => {
  it('writes numbers and bigints bare, strings quoted and escaped, null as NULL', () => {
    expect(pgArray([1, 12345678901234567890123n, null, 'a b', 'say "hi"', 'back\\slash'])).toBe(
      '{1,12345678901234567890123,NULL,"a b","say \\"hi\\"","back\\\\slash"}',
    );
    expect(pgArray([])).toBe('{}');
  });

  it('reads the field it is told of every row', () => {
    const rows = [
      { id: 'a', amount: 5n },
      { id: 'b', amount: null },
    ];
    expect(pgColumn(rows, (r) => r.id)).toBe('{"a","b"}');
    expect(pgColumn(rows, (r) => r.amount)).toBe('{5,NULL}');
  });

  it('reads back in PostgreSQL as exactly the values it was given', async () => {
    const database = connectDatabase({ pgliteDir: null });
    try {
      const texts = ['NULL', 'a,b', '{x}', 'say "hi"', 'back\\slash', ' spaced ', '', 'ünï'];
      const { rows } = await sql<{ v: string | null }>`
        select unnest(${pgArray([...texts, null])}::text[]) as v`.execute(database.db);
      expect(rows.map((r) => r.v)).toEqual([...texts, null]);
      const amounts = await sql<{ v: string }>`
        select unnest(${pgArray([10n ** 40n, -5n, 0])}::numeric[])::text as v`.execute(database.db);
      expect(amounts.rows.map((r) => r.v)).toEqual([(10n ** 40n).toString(), '-5', '0']);
    } finally {
      await database.close();
    }
  });
});
