import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { recordAdminAction } from './service.js';

/** The admin audit trail's entries made outside the trading core. */
describe('audit trail', () => {
  const t = specContext();
  const lock = (adminId: string, userId: string) => ({
    adminId,
    ip: '10.0.0.1',
    action: 'user.locked' as const,
    targetType: 'user' as const,
    targetId: userId,
    userId,
    before: { locked: false },
    after: { locked: true },
    createdAt: t.ctx.now(),
  });
  const entriesOf = (userId: string) =>
    t.ctx.db.selectFrom('admin_actions').selectAll().where('user_id', '=', userId).execute();

  it('appends one entry a call, with who did what to whom', async () => {
    const [admin, user] = [await t.user({ role: 'admin' }), await t.user()];
    await recordAdminAction(t.ctx.db, lock(admin.id, user.id));
    await recordAdminAction(t.ctx.db, lock(admin.id, user.id));
    const entries = await entriesOf(user.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ admin_id: admin.id, action: 'user.locked', ip: '10.0.0.1' });
    expect(entries[0]?.id).not.toBe(entries[1]?.id);
  });

  it("is written with the caller's transaction, and goes with its rollback", async () => {
    const [admin, user] = [await t.user({ role: 'admin' }), await t.user()];
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await recordAdminAction(trx, lock(admin.id, user.id));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await entriesOf(user.id)).toHaveLength(0);
  });
});
