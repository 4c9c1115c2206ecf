import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/admin/service.js';
import { get, loginToken, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ADMIN_PASSWORD = 'Admin1Password';

describe.each(BACKENDS)('create-admin on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates a verified admin that can log in', async () => {
    const email = uniqueEmail('admin');
    expect(await createAdmin(t.database.db, email, ADMIN_PASSWORD, new Date())).toBe('created');
    const profile = await get(t, '/users', await loginToken(t, email, ADMIN_PASSWORD));
    expect(profile.json().data).toMatchObject({ email, role: 'admin', is_verified: true });
  });

  it('promotes an existing unverified account', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    expect(await createAdmin(t.database.db, email, ADMIN_PASSWORD, new Date())).toBe('promoted');
    const profile = await get(t, '/users', await loginToken(t, email, ADMIN_PASSWORD));
    expect(profile.json().data).toMatchObject({
      role: 'admin',
      is_verified: true,
      first_name: 'Asha',
    });
  });
});
