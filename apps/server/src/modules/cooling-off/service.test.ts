import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { refuseWhileHeld, startCoolingOff, withdrawalsHeldUntil } from './service.js';

const HOUR = 3_600_000;

/** The cooling-off after a security change, on a clock the spec moves (SECURITY_HOLD_HOURS=24). */
describe('cooling-off', () => {
  const t = specContext();

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
    t.advance(t.ctx.config.securityHoldMs);
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toBeNull();
    await expect(refuseWhileHeld(t.ctx, user.id)).resolves.toBeUndefined();
  });

  it('never shortens a hold already running longer', async () => {
    const user = await t.user();
    const first = await startCoolingOff(t.ctx, user.id);
    t.advance(HOUR);
    const second = await startCoolingOff(t.ctx, user.id);
    expect(second.getTime()).toBe(first.getTime() + HOUR);
    t.advance(-2 * HOUR);
    expect(await startCoolingOff(t.ctx, user.id)).toEqual(second);
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toEqual(second);
  });

  it('holds only the user whose account changed', async () => {
    const [changed, other] = [await t.user(), await t.user()];
    await startCoolingOff(t.ctx, changed.id);
    expect(await withdrawalsHeldUntil(t.ctx, other.id)).toBeNull();
  });
});
