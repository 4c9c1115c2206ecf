import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe.each(BACKENDS)('admin routes on %s', (kind) => {
  let t: TestApp;
  let user: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await member(t);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Every route of every `admin` group, as registered: a route added later is walked too. */
  const adminRoutes = () =>
    t.app.apiRoutes
      .filter((r) => r.access === 'admin')
      .map((r) => ({ ...r, url: r.url.replace(/:[A-Za-z_]+/g, randomUUID()) }));

  it('answer 403 to a signed-in user who is not an admin, on every method and path', async () => {
    const routes = adminRoutes();
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/kyc',
        '/api/v1/admin/deposits',
        '/api/v1/admin/withdrawals',
        '/api/v1/admin/audit/ledger',
      ]),
    );
    for (const route of routes) {
      const res = await t.request({
        method: route.method as 'GET',
        url: route.url,
        headers: { authorization: `Bearer ${user.token}` },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD')
        expect(res.json(), `${route.method} ${route.url}`).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Administrators only',
        });
    }
  });

  it('answer 401 without a session, and let an admin through', async () => {
    for (const route of adminRoutes()) {
      const res = await t.request({ method: route.method as 'GET', url: route.url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    const queue = await t.request({
      method: 'GET',
      url: '/api/v1/admin/deposits',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(queue.statusCode).toBe(200);
  });
});
