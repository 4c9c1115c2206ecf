import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import {
  emailsOf,
  findUserByEmail,
  isAccountLocked,
  markEmailVerified,
  searchUsers,
  updateUser,
} from './service.js';

const PAGE = { page: 1, pageSize: 50 };

/** The user record as other modules read and write it. */
describe('users', () => {
  const t = specContext();

  it('sets the email verification time only the first time', async () => {
    const user = await t.user({ emailVerifiedAt: null });
    const first = t.ctx.now();
    await markEmailVerified(t.ctx.db, user.id, first);
    t.advance(60_000);
    await markEmailVerified(t.ctx.db, user.id, t.ctx.now());
    expect((await findUserByEmail(t.ctx.db, user.email))?.emailVerifiedAt).toEqual(first);
  });

  it('changes only the fields given', async () => {
    const user = await t.user({ phone: '+919800000001' });
    await updateUser(t.ctx.db, user.id, { firstName: 'Meera' }, t.ctx.now());
    expect(await findUserByEmail(t.ctx.db, user.email)).toMatchObject({
      firstName: 'Meera',
      lastName: user.lastName,
      phone: '+919800000001',
    });
  });

  it("searches names, full names and phones, taking an admin's % and _ as themselves", async () => {
    const surname = `Zq${Date.now()}`;
    const [plain, odd] = [
      await t.user({ firstName: 'Kavya', lastName: surname }),
      await t.user({ firstName: 'Kavya', lastName: `${surname}_%` }),
    ];
    const ids = async (q: string) =>
      (await searchUsers(t.ctx.db, { q }, PAGE)).users.map((u) => u.id).sort();
    expect(await ids(surname.toLowerCase())).toEqual([plain.id, odd.id].sort());
    expect(await ids(`Kavya ${surname}`)).toEqual([plain.id, odd.id].sort());
    expect(await ids(`${surname}_%`)).toEqual([odd.id]);
    expect(await ids(`${surname.slice(0, -1)}_`)).toEqual([]);
  });

  it('reads emails by id, nothing asked nothing read', async () => {
    const [a, b] = [await t.user(), await t.user()];
    expect(await emailsOf(t.ctx.db, [a.id, b.id, a.id])).toEqual(
      new Map([
        [a.id, a.email],
        [b.id, b.email],
      ]),
    );
    expect((await emailsOf(t.ctx.db, [])).size).toBe(0);
  });

  it('says an account is locked only when an admin locked it', async () => {
    const user = await t.user();
    expect(await isAccountLocked(t.ctx.db, user.id)).toBe(false);
    await t.ctx.db
      .updateTable('users')
      .set({ locked_at: t.ctx.now() })
      .where('id', '=', user.id)
      .execute();
    expect(await isAccountLocked(t.ctx.db, user.id)).toBe(true);
  });
});
