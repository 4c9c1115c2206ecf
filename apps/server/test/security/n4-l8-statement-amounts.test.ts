import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { authed, member, type Member } from '../support/members.js';
import { inrOf, nextUtr, rupeePayer, uploadStatement } from '../support/rupee-statements.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 4, N4-L8: a 40-digit statement amount was recorded and, once assigned, credited 10^40
 * INR. Statement amounts are bounded as every amount is (24 whole digits) and by a per-line cap
 * (INR_STATEMENT_LINE_MAX); a line outside them is kept as unreadable and never credited.
 */
describe.each(BACKENDS)('N4-L8 statement amounts on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { INR_STATEMENT_LINE_MAX: '500000' } });
    admin = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  it('keeps a 40-digit amount and one above the cap as unreadable, never credited', async () => {
    const payer = await rupeePayer(t, admin);
    const [huge, big, fine] = [nextUtr(), nextUtr(), nextUtr()];
    const from = `RAHUL SHARMA,${payer.number},HDFC0001234,${payer.vpa},UPI`;
    const res = await uploadStatement(t, admin, [
      `29/11/2026,${huge},1${'0'.repeat(39)},${from}`,
      `29/11/2026,${big},500000.01,${from}`,
      `29/11/2026,${fine},500000,${from}`,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().data.lines as { _id: string; status: string }[];
    expect(lines).toEqual([
      expect.objectContaining({ utr: huge, status: 'unreadable', amount: null }),
      expect.objectContaining({
        utr: big,
        status: 'unreadable',
        amount: null,
        note: expect.stringContaining('cap'),
      }),
      expect.objectContaining({ utr: fine, status: 'unclaimed', amount: '500000' }),
    ]);
    for (const line of lines.slice(0, 2)) {
      const assigned = await authed(
        t,
        'POST',
        `/admin/bank-transfers/credits/${line._id}/assign`,
        admin.token,
        { email: payer.user.email },
      );
      expect(assigned.statusCode).toBe(404);
    }
    expect(await inrOf(t, payer.user)).toBe('0');
  }, 120_000);
});
