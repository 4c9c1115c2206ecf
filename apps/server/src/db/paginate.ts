import { sql, type SelectQueryBuilder } from 'kysely';

export interface Page {
  page: number;
  pageSize: number;
}

/** One page of an ordered query, and how many rows the whole query has. */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
): Promise<{ rows: O[]; total: number }> {
  const counted = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('n')) as unknown as SelectQueryBuilder<DB, TB, { n: string }>;
  const [rows, count] = await Promise.all([
    query
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
