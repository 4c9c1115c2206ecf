import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../../testing/test-context.js';
import { refuseWhileHeld, startCoolingOff, withdrawalsHeldUntil } from './service.js';

const HOUR = 3_600_000;

/** The cooling-off after a security change, on a clock the spec moves (SECURITY_HOLD_HOURS=24). */
describe('cooling-off', () => {
  let t: TestContext;
  let offset = 0;
  const start = Date.now();
  beforeAll(async () => {
    t = await testContext({ now: () => new Date(start + offset) });
  });
  afterAll(() => t.close());

  it('holds withdrawals for SECURITY_HOLD_HOURS after a change, then lets them go', async () => {
    const user = await t.user();
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toBeNull();
    await expect(refuseWhileHeld(t.ctx, user.id)).resolves.toBeUndefined();
    const until = await startCoolingOff(t.ctx, user.id);
    expect(until.getTime()).toBe(t.ctx.now().getTime() + t.ctx.config.securityHoldMs);
    await expect(refuseWhileHeld(t.ctx, user.id)).rejects.toMatchObject({
      code: 'WITHDRAWALS_HELD',
      data: { held_until: until.toISOString() },
    });
    offset += t.ctx.config.securityHoldMs;
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toBeNull();
    await expect(refuseWhileHeld(t.ctx, user.id)).resolves.toBeUndefined();
  });

  it('never shortens a hold already running longer', async () => {
    const user = await t.user();
    const first = await startCoolingOff(t.ctx, user.id);
    offset += HOUR;
    const second = await startCoolingOff(t.ctx, user.id);
    expect(second.getTime()).toBe(first.getTime() + HOUR);
    offset -= 2 * HOUR;
    expect(await startCoolingOff(t.ctx, user.id)).toEqual(second);
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toEqual(second);
  });

  it('holds only the user whose account changed', async () => {
    const [changed, other] = [await t.user(), await t.user()];
    await startCoolingOff(t.ctx, changed.id);
    expect(await withdrawalsHeldUntil(t.ctx, other.id)).toBeNull();
  });
});
