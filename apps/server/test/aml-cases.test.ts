import { AML_MESSAGES } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCase } from '../src/modules/aml/repository.js';
import { checkStr, elementsOf } from '../src/modules/aml/str/str-fields.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/** The reporting entity's settings (config/aml-config.ts), as an operator sets them. */
const FIU_ENV = {
  FIU_RE_NAME: 'Test Exchange Pvt Ltd',
  FIU_RE_CATEGORY: 'VDASP',
  FIU_REID: 'VA0000042',
  FIU_RE_REGISTRATION: 'U00000MH2026PTC000001',
  FIU_PO_NAME: 'Priya Nair',
  FIU_PO_DESIGNATION: 'Principal Officer',
  FIU_PO_ADDRESS: '4th floor, 1 Marine Drive',
  FIU_PO_CITY: 'Mumbai',
  FIU_PO_STATE: 'MH',
  FIU_PO_PIN: '400020',
  FIU_PO_EMAIL: 'po@example.com',
  FIU_PO_MOBILE: '+919800000001',
};

/**
 * Issue 52: the admin case queue over HTTP: list, assign, note, escalate, close (a high-risk
 * case by two different admins), the STR filed from a case and kept with it; each in the audit log.
 */
describe.each(BACKENDS)('AML case queue on %s', (kind) => {
  const { t, ids } = useMarketApp(kind, { env: FIU_ENV });
  let admin: Member;
  let second: Member;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
    second = await member(t, { role: 'admin' });
  });

  const call = (method: 'GET' | 'POST', url: string, by: Member, body?: object) =>
    authed(t, method, `/admin/aml${url}`, by.token, body);

  async function aCase(risk: 'medium' | 'high', user?: Member) {
    const subject = user ?? (await member(t, { pan: true }));
    await openCase(
      t.database.db,
      {
        rule: 'structuring',
        risk,
        userIds: [subject.id],
        summary: '3 deposits of ₹9,68,000 in 7 days',
        facts: { deposits: 3, total: '2904000.00' },
      },
      subject.id,
      t.clock.now(),
    );
    const list = await call('GET', '/cases?page_size=100', admin);
    const found = (list.json().data as { _id: string; users: { _id: string }[] }[]).find((c) =>
      c.users.some((u) => u._id === subject.id),
    );
    return { id: found!._id, user: subject };
  }

  const audit = async (caseId: string) =>
    (
      await t.database.db
        .selectFrom('admin_actions')
        .select(['action', 'admin_id'])
        .where('target_id', '=', caseId)
        .orderBy('created_at')
        .execute()
    ).map((a) => [a.action, a.admin_id]);

  it('lists live cases for admins only, and works one: assign, note, escalate, close', async () => {
    const { id, user } = await aCase('medium');
    expect((await authed(t, 'GET', '/admin/aml/cases', user.token)).statusCode).toBe(403);
    const list = await call('GET', '/cases', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ _id: id, rule: 'structuring', risk: 'medium', status: 'open' }),
    );
    const assigned = await call('POST', `/cases/${id}/assign`, admin);
    expect(assigned.json().data.assignee).toEqual({ _id: admin.id, email: admin.email });
    expect((await call('POST', `/cases/${id}/notes`, admin, { note: ' ' })).statusCode).toBe(400);
    await call('POST', `/cases/${id}/notes`, admin, { note: 'Asked for the source of funds' });
    const up = await call('POST', `/cases/${id}/escalate`, admin, { reason: 'No answer' });
    expect(up.json().data.status).toBe('escalated');
    const again = await call('POST', `/cases/${id}/escalate`, admin, { reason: 'x' });
    expect(again.json()).toMatchObject({ status: 409, message: AML_MESSAGES.alreadyEscalated });
    const closed = await call('POST', `/cases/${id}/close`, admin, { reason: 'Salary, shown' });
    expect(closed.json().data).toMatchObject({ status: 'closed' });
    expect(closed.json().data.events.map((e: { kind: string }) => e.kind)).toEqual([
      'assigned',
      'note',
      'escalated',
      'closed',
    ]);
    const late = await call('POST', `/cases/${id}/notes`, admin, { note: 'late' });
    expect(late.json()).toMatchObject({ status: 409, message: AML_MESSAGES.caseClosed });
    expect(await audit(id)).toEqual([
      ['aml_case.assigned', admin.id],
      ['aml_case.noted', admin.id],
      ['aml_case.escalated', admin.id],
      ['aml_case.closed', admin.id],
    ]);
    expect(
      (await call('GET', '/cases?status=closed&page_size=100', admin)).json().data,
    ).toContainEqual(expect.objectContaining({ _id: id }));
  });

  it('closes a high-risk case only on a second, different admin', async () => {
    const { id } = await aCase('high');
    const first = await call('POST', `/cases/${id}/close`, admin, { reason: 'Explained' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'open',
      close_approvals: [{ admin: { _id: admin.id }, reason: 'Explained' }],
    });
    const twice = await call('POST', `/cases/${id}/close`, admin, { reason: 'Explained' });
    expect(twice.json()).toMatchObject({ status: 409, code: 'SECOND_ADMIN_REQUIRED' });
    const done = await call('POST', `/cases/${id}/close`, second, { reason: 'Agreed' });
    expect(done.json().data).toMatchObject({ status: 'closed' });
    expect(await audit(id)).toEqual([
      ['aml_case.close_approved', admin.id],
      ['aml_case.closed', second.id],
    ]);
  });

  it('refuses an admin working a case about their own account', async () => {
    const { id } = await aCase('medium', admin);
    const own = await call('POST', `/cases/${id}/close`, admin, { reason: 'Mine is fine' });
    expect(own.json()).toMatchObject({ code: 'SELF_REVIEW' });
  });

  it('files an STR in FINnet 2.0 XML from a case, keeps it with the case and audits it', async () => {
    const { id, user } = await aCase('high');
    await fund(t, user, ids.usdt, '11000', 'funding');
    const res = await call('POST', `/cases/${id}/str`, admin, {
      grounds: 'Three deposits just under ₹10 lakh in a week; no trading; no source of funds.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [report] = res.json().data.reports as { _id: string; file_name: string }[];
    expect(report?.file_name).toMatch(/^STR_ARF_\d{8}\.xml$/);
    const file = await call('GET', `/cases/${id}/str/${report!._id}`, admin);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(checkStr(file.body)).toEqual([]);
    const e = elementsOf(file.body);
    expect(e.get('Batch/ReportingEntity/FIUREID')).toEqual(['VA0000042']);
    expect(e.get('Batch/Report/Account/PersonDetails/CustomerId')).toEqual([user.id]);
    expect(e.get('Batch/Report/Account/PersonDetails/PAN')?.[0]).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    expect(e.get('Batch/Report/Account/Transaction/DebitCredit')).toEqual(['C']);
    expect(e.get('Batch/Report/SuspicionDetails/PriorityRating')).toEqual(['P1']);
    expect(await audit(id)).toEqual([['aml_case.str_filed', admin.id]]);
    // Kept five years after the account closes: the database refuses to change or delete it.
    const db = t.database.db;
    await expect(db.deleteFrom('aml_reports').where('case_id', '=', id).execute()).rejects.toThrow(
      /kept for five years/,
    );
    await expect(
      db.updateTable('aml_reports').set({ content: '' }).where('case_id', '=', id).execute(),
    ).rejects.toThrow(/kept for five years/);
    await expect(db.deleteFrom('aml_cases').where('id', '=', id).execute()).rejects.toThrow(
      /kept for five years/,
    );
  });
  it('numbers STRs filed at the same moment one after the other', async () => {
    const { id, user } = await aCase('high');
    await fund(t, user, ids.usdt, '11000', 'funding');
    const body = { grounds: 'Deposits passed straight through to a withdrawal, twice in a day.' };
    const filed = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', `/cases/${id}/str`, admin, body)),
    );
    expect(filed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const names = (await t.database.db.selectFrom('aml_reports').select('file_name').execute()).map(
      (r) => r.file_name,
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
