import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../../testing/test-context.js';
import { identityLevelOf, toLimitsDto, withdrawLimitsOf } from './limits.js';

/** The daily withdrawal limit by identity level (withdrawals' own integration tests use it up). */
describe('withdrawal limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testContext({
      env: {
        KYC_REQUIRED: '0',
        WITHDRAWAL_DAILY_LIMIT_USDT_BASIC: '1000',
        WITHDRAWAL_DAILY_LIMIT_USDT_VERIFIED: '50000',
      },
    });
  });
  afterAll(() => t.close());

  it('gives a verified identity the verified limit, anyone else the basic one', async () => {
    const verified = await t.user();
    const basic = await t.user({ verificationStatus: 'none' });
    expect(await identityLevelOf(t.ctx, verified.id)).toBe('verified');
    expect(await identityLevelOf(t.ctx, basic.id)).toBe('basic');
    expect(toLimitsDto(await withdrawLimitsOf(t.ctx, verified.id))).toEqual({
      level: 'verified',
      daily_limit_usdt: '50000',
      used_usdt: '0',
      left_usdt: '50000',
    });
    expect(toLimitsDto(await withdrawLimitsOf(t.ctx, basic.id))).toMatchObject({
      level: 'basic',
      left_usdt: '1000',
    });
  });
});
