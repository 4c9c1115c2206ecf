import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { updateUser } from '../users/service.js';
import { notifySecurityEvent } from './service.js';

const EVENT = { type: 'second_factor_added', method: 'totp' } as const;
const mailsOf = (t: ReturnType<typeof specContext>, email: string) =>
  t.ctx.outbox?.list(email) ?? [];

/** Security notices (review M3): mailed off the caller's path, in the owner's language. */
describe('security notices', () => {
  const t = specContext();

  it('returns before the mail is built, which then reaches the owner', async () => {
    const user = await t.user();
    notifySecurityEvent(t.ctx, user.id, EVENT, { ip: '203.0.113.9', userAgent: 'spec' });
    expect(mailsOf(t, user.email)).toHaveLength(0);
    await t.ctx.mailIdle();
    const [mail] = mailsOf(t, user.email);
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toContain('203.0.113.9');
  });

  it("speaks the owner's saved language, else the request's", async () => {
    const [english, hindi, asked] = [await t.user(), await t.user(), await t.user()];
    await updateUser(t.ctx.db, hindi.id, { language: 'hi' }, t.ctx.now());
    notifySecurityEvent(t.ctx, english.id, EVENT);
    notifySecurityEvent(t.ctx, hindi.id, EVENT);
    notifySecurityEvent(t.ctx, asked.id, EVENT, { ip: null, userAgent: null, language: 'hi' });
    await t.ctx.mailIdle();
    const subject = (email: string) => mailsOf(t, email)[0]?.subject;
    expect(subject(hindi.email)).not.toBe(subject(english.email));
    expect(subject(asked.email)).toBe(subject(hindi.email));
  });

  it('sends nothing, and throws nothing, for an account that is gone', async () => {
    const before = t.ctx.outbox?.list().length;
    expect(() =>
      notifySecurityEvent(t.ctx, '00000000-0000-4000-8000-000000000000', EVENT),
    ).not.toThrow();
    await t.ctx.mailIdle();
    expect(t.ctx.outbox?.list().length).toBe(before);
  });
});
