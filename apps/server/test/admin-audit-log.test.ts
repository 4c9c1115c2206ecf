import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { authed, listTestTokens, member, type Member } from './support/members.js';
import { claimDeposit } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The client behind the trusted proxy (loopback), as X-Forwarded-For names it. */
const CLIENT = '203.0.113.7';

describe.each(BACKENDS)('admin audit trail on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let other: Member;
  let user: Member;
  const depositIds: string[] = [];

  const asAdmin = (a: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${a.token}`, 'x-forwarded-for': CLIENT },
      ...(payload ? { payload } : {}),
    });

  const claim = (u: Member, amount: string) => claimDeposit(t, u, amount);

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: 'loopback' } });
    await listTestTokens(t);
    admin = await member(t, { role: 'admin' });
    other = await member(t, { role: 'admin' });
    user = await member(t);
    // A user whose email a spreadsheet would run as a formula.
    await t.database.db
      .updateTable('users')
      .set({ email: `=cmd${Date.now()}@example.com` })
      .where('id', '=', user.id)
      .execute();
    for (const amount of ['10', '20', '30']) depositIds.push(await claim(user, amount));
    const [first, second, third] = depositIds as [string, string, string];
    expect((await asAdmin(admin, 'POST', `/admin/deposits/${first}/confirm`)).statusCode).toBe(200);
    const rejected = await asAdmin(other, 'POST', `/admin/deposits/${second}/reject`, {
      reason: 'Sender "unknown", see\nthe notes',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await asAdmin(other, 'POST', `/admin/deposits/${third}/confirm`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('records who, when, from which address, what, on whom, before and after', async () => {
    const rows = await t.database.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('target_id', 'in', depositIds)
      .orderBy('created_at')
      .execute();
    expect(rows).toMatchObject([
      {
        admin_id: admin.id,
        ip: CLIENT,
        action: 'deposit.confirmed',
        target_type: 'deposit',
        target_id: depositIds[0],
        user_id: user.id,
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      },
      {
        admin_id: other.id,
        ip: CLIENT,
        action: 'deposit.rejected',
        user_id: user.id,
        after: { status: 'rejected', reason: 'Sender "unknown", see\nthe notes' },
      },
      { admin_id: other.id, action: 'deposit.confirmed', target_id: depositIds[2] },
    ]);
    for (const row of rows) expect(row.created_at).toBeInstanceOf(Date);
  });

  it('refuses to change or delete an entry, whoever asks the database', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('admin_actions').selectAll().orderBy('id').execute();
    await expect(
      db.updateTable('admin_actions').set({ action: 'deposit.rejected' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('admin_actions').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate admin_actions`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('admin_actions').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('lists the trail newest first, filtered by admin, action and user, in pages', async () => {
    const all = await asAdmin(admin, 'GET', `/admin/audit-log?user_id=${user.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 3 });
    expect(all.json().data.map((e: { target_id: string }) => e.target_id)).toEqual(
      [...depositIds].reverse(),
    );
    expect(all.json().data[1]).toEqual({
      _id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      admin: { _id: other.id, email: other.email },
      ip: CLIENT,
      action: 'deposit.rejected',
      target_type: 'deposit',
      target_id: depositIds[1],
      user: { _id: user.id, email: expect.stringMatching(/^=cmd/) },
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'Sender "unknown", see\nthe notes' },
    });

    const byAdmin = await asAdmin(admin, 'GET', `/admin/audit-log?admin_id=${other.id}`);
    expect(byAdmin.json()).toMatchObject({ total: 2 });
    const confirmedByOther = await asAdmin(
      admin,
      'GET',
      `/admin/audit-log?admin_id=${other.id}&action=deposit.confirmed`,
    );
    expect(confirmedByOther.json()).toMatchObject({
      total: 1,
      data: [{ target_id: depositIds[2] }],
    });
    const secondPage = await asAdmin(
      admin,
      'GET',
      `/admin/audit-log?user_id=${user.id}&page=2&page_size=2`,
    );
    expect(secondPage.json()).toMatchObject({ total: 3, data: [{ target_id: depositIds[0] }] });
  });

  it('refuses bad filters with a clear message', async () => {
    const action = await asAdmin(admin, 'GET', '/admin/audit-log?action=deposit.stolen');
    expect(action.statusCode).toBe(400);
    expect(action.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown action' });
    const id = await asAdmin(admin, 'GET', '/admin/audit-log/export?user_id=42');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toMatchObject({ message: 'Enter a valid id' });
  });

  it('exports the filtered trail as CSV, every field escaped, formulas defused', async () => {
    const res = await asAdmin(admin, 'GET', `/admin/audit-log/export?user_id=${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{8}T\d{6}\.csv"$/,
    );
    expect(res.body.startsWith('\ufefftime,admin,ip,action,')).toBe(true);
    expect(res.body).toContain('\r\n');
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(3);
    expect(records[1]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      admin: other.email,
      ip: CLIENT,
      action: 'deposit.rejected',
      target_type: 'deposit',
      target_id: depositIds[1],
      user: expect.stringMatching(/^'=cmd/),
      before: '{"status":"pending"}',
      after: expect.any(String),
    });
    expect(JSON.parse(records[1]?.after ?? '')).toEqual({
      status: 'rejected',
      reason: 'Sender "unknown", see\nthe notes',
    });
    // The JSON's quotes doubled inside a quoted field (jsonb keeps keys sorted).
    expect(res.body).toContain(
      '"{""reason"":""Sender \\""unknown\\"", see\\nthe notes"",""status"":""rejected""}"',
    );
    const none = await asAdmin(admin, 'GET', `/admin/audit-log/export?admin_id=${user.id}`);
    expect(parse(none.body, { bom: true, columns: true })).toEqual([]);
    expect(none.body).toBe(
      '\ufefftime,admin,ip,action,target_type,target_id,user,before,after\r\n',
    );
  });

  it('answers 403 to a plain user and 401 to a visitor', async () => {
    for (const url of ['/admin/audit-log', '/admin/audit-log/export']) {
      expect((await authed(t, 'GET', url, user.token)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});
