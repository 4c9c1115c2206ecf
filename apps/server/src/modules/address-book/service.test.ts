import { describe, expect, it } from 'vitest';
import { withdrawalsHeldUntil } from '../cooling-off/service.js';
import { specContext } from '../../testing/spec-context.js';
import {
  addressBook,
  refuseUnlistedAddress,
  removeAddress,
  saveAddress,
  setWhitelist,
} from './service.js';

const HOUR = 3_600_000;
const FROM = { ip: '127.0.0.1', userAgent: 'spec' };
const address = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`;

/**
 * The address book and whitelist on the service, for a user with no second factor (the step-up
 * then asks for nothing: two-factor's own specs cover the codes).
 */
describe('address book', () => {
  const t = specContext();

  const save = (userId: string, n: number, network: 'ethereum' | 'bsc' = 'ethereum') =>
    saveAddress(t.ctx, userId, { label: `wallet ${n}`, network, address: address(n) }, FROM);

  it('saves an address once per network, lower-cased, usable a day after', async () => {
    const user = await t.user();
    const saved = await save(user.id, 0xabc);
    expect(saved).toMatchObject({ network: 'ethereum', address: address(0xabc) });
    expect(Date.parse(saved.usable_at) - Date.parse(saved.created_at)).toBe(24 * HOUR);
    await expect(save(user.id, 0xabc)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(save(user.id, 0xabc, 'bsc')).resolves.toMatchObject({ network: 'bsc' });
    expect((await addressBook(t.ctx, user.id)).addresses).toHaveLength(2);
  });

  it('removes only the user’s own address', async () => {
    const [owner, other] = [await t.user(), await t.user()];
    const saved = await save(owner.id, 1);
    await expect(removeAddress(t.ctx, other.id, saved._id, {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await removeAddress(t.ctx, owner.id, saved._id, {});
    expect((await addressBook(t.ctx, owner.id)).addresses).toEqual([]);
  });

  it('with the whitelist on, pays only to a saved address a day old', async () => {
    const user = await t.user();
    await refuseUnlistedAddress(t.ctx, user.id, 'ethereum', address(2));
    await setWhitelist(t.ctx, user.id, true, {}, FROM);
    expect((await addressBook(t.ctx, user.id)).whitelist).toBe(true);
    const refused = { code: 'FORBIDDEN' };
    await expect(
      refuseUnlistedAddress(t.ctx, user.id, 'ethereum', address(2)),
    ).rejects.toMatchObject(refused);
    await save(user.id, 2);
    await expect(
      refuseUnlistedAddress(t.ctx, user.id, 'ethereum', address(2)),
    ).rejects.toMatchObject(refused);
    t.advance(24 * HOUR);
    await refuseUnlistedAddress(t.ctx, user.id, 'ethereum', address(2));
    await expect(refuseUnlistedAddress(t.ctx, user.id, 'bsc', address(2))).rejects.toMatchObject(
      refused,
    );
  });

  it('starts the cooling-off when the whitelist is turned off, not when turned on', async () => {
    const user = await t.user();
    await setWhitelist(t.ctx, user.id, true, {}, FROM);
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).toBeNull();
    await setWhitelist(t.ctx, user.id, false, {}, FROM);
    expect(await withdrawalsHeldUntil(t.ctx, user.id)).not.toBeNull();
  });
});
