import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { findUserById } from '../users/service.js';
import { setAntiPhishingCode } from './service.js';

const FROM = { ip: '127.0.0.1', userAgent: 'spec' };

/** The anti-phishing code, for a user with no second factor (the step-up then asks nothing). */
describe('anti-phishing code', () => {
  const t = specContext();

  it('opens every mail from then on, the notice of the change first', async () => {
    const user = await t.user();
    expect(await setAntiPhishingCode(t.ctx, user.id, 'blue-heron', {}, FROM)).toBe('blue-heron');
    expect((await findUserById(t.ctx.db, user.id))?.antiPhishingCode).toBe('blue-heron');
    await t.ctx.mailIdle();
    const [notice] = t.ctx.outbox?.list(user.email) ?? [];
    expect(notice?.text).toContain('blue-heron');
  });

  it('is removed by an empty code, and the next mail carries none', async () => {
    const user = await t.user();
    await setAntiPhishingCode(t.ctx, user.id, 'old-code', {}, FROM);
    expect(await setAntiPhishingCode(t.ctx, user.id, '', {}, FROM)).toBeNull();
    expect((await findUserById(t.ctx.db, user.id))?.antiPhishingCode).toBeNull();
    await t.ctx.mailIdle();
    const mails = t.ctx.outbox?.list(user.email) ?? [];
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).not.toContain('old-code');
  });
});
