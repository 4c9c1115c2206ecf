import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from './envelope.js';
import { symbolsQuerySchema } from './market.js';
import { orderListQuerySchema } from './orders.js';
import { pageQuerySchema } from './wallets.js';

describe.each([
  ['pageQuerySchema', pageQuerySchema],
  ['symbolsQuerySchema', symbolsQuerySchema],
  ['orderListQuerySchema', orderListQuerySchema],
])('%s', (_name, schema) => {
  it(`serves pages 1 to ${MAX_PAGE} and refuses deeper ones`, () => {
    expect(MAX_PAGE).toBe(10_000);
    expect(schema.parse({}).page).toBe(1);
    expect(schema.parse({ page: '10000' }).page).toBe(10_000);
    expect(schema.safeParse({ page: '10001' }).success).toBe(false);
    expect(schema.safeParse({ page: '1e15' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
  });
});
