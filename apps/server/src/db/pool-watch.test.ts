import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';

describe("a database handle's pool watch (PGlite's one connection)", () => {
  const database = connectDatabase({ pgliteDir: null });
  afterAll(() => database.close());

  it('says the connection is in use and a query waits while a transaction holds it, and times the wait', async () => {
    const waits: number[] = [];
    database.pools.onWait((pool, seconds) => pool === 'main' && waits.push(seconds));
    await sql`select 1`.execute(database.db);
    expect(database.pools.readings()).toEqual([{ pool: 'main', inUse: 0, idle: 1, waiting: 0 }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction().execute(async () => held);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const query = sql`select 1`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(database.pools.readings()).toEqual([{ pool: 'main', inUse: 1, idle: 0, waiting: 1 }]);
    release();
    await Promise.all([transaction, query]);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(0.015);
    expect(database.pools.readings()[0]).toMatchObject({ inUse: 0, waiting: 0 });
  });
});
