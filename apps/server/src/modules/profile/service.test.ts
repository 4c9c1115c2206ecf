import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { savedLanguageOf } from '../users/service.js';
import { getProfile, setLanguage, setNumberGrouping } from './service.js';

/** The signed-in user's profile: their record, second factors and withdrawal hold together. */
describe('profile', () => {
  const t = specContext();

  it('answers a new account with no second factor and no hold', async () => {
    const user = await t.user({ phone: '+919876543210' });
    expect(await getProfile(t.ctx.db, user.id, t.ctx.now())).toMatchObject({
      id: user.id,
      email: user.email,
      phone: '+919876543210',
      is_verified: true,
      verification_request_status: 'approved',
      verification_rejection_reason: null,
      two_factor_enabled: false,
      has_passkeys: false,
      withdrawals_held_until: null,
      anti_phishing_code: null,
    });
  });

  it('shows a withdrawal hold until it ends', async () => {
    const user = await t.user();
    const until = await startCoolingOff(t.ctx, user.id);
    const profile = () => getProfile(t.ctx.db, user.id, t.ctx.now());
    expect((await profile()).withdrawals_held_until).toBe(until.toISOString());
    t.advance(t.ctx.config.securityHoldMs);
    expect((await profile()).withdrawals_held_until).toBeNull();
  });

  it('refuses an account that is not there', async () => {
    await expect(
      getProfile(t.ctx.db, '00000000-0000-4000-8000-000000000000', t.ctx.now()),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('saves the language, known at once to the refusals answered in it', async () => {
    const user = await t.user();
    expect(await savedLanguageOf(t.ctx.db, user.id)).toBeNull();
    await setLanguage(t.ctx.db, user.id, 'hi', t.ctx.now());
    expect(await savedLanguageOf(t.ctx.db, user.id)).toBe('hi');
    expect((await getProfile(t.ctx.db, user.id, t.ctx.now())).language).toBe('hi');
  });

  it('saves how amounts group their digits', async () => {
    const user = await t.user();
    await setNumberGrouping(t.ctx.db, user.id, 'international', t.ctx.now());
    expect((await getProfile(t.ctx.db, user.id, t.ctx.now())).number_grouping).toBe(
      'international',
    );
  });
});
