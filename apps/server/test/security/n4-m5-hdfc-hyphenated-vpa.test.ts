import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { authed, member, type Member } from '../support/members.js';
import {
  claimRupees,
  HDFC_HEADER,
  nextUtr,
  rupeePayer,
  uploadStatement,
} from '../support/rupee-statements.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 4, N4-M5: one ₹1 UPI credit from a hyphenated VPA made the whole HDFC statement
 * unreadable (400), blocking every rupee deposit of the day. The narration is read by its fixed
 * fields; a line that still cannot be read is kept as unreadable, with its text, for an admin.
 */
describe.each(BACKENDS)('N4-M5 a hyphen in a payer’s VPA on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  }, 180_000);
  afterAll(() => t.close());

  it('reads the file, the hyphenated VPA, and keeps an unreadable line for an admin', async () => {
    const { user, account, number } = await rupeePayer(t, admin);
    const [utr, utr2] = [nextUtr(), nextUtr()];
    await claimRupees(t, user, account, utr, '250');
    const res = await uploadStatement(
      t,
      admin,
      [
        HDFC_HEADER,
        `29/11/26,IMPS-${utr}-RAHUL SHARMA-HDFC-XXXXXXXX${number.slice(-4)}-deposit,0000${utr},29/11/26,,250.00,100000.00`,
        `29/11/26,UPI-ANYONE-any-one@okaxis-UTIB0000001-${utr2}-hi,0000${utr2},29/11/26,,1.00,100001.00`,
        '29/11/26,UPI-NOBODY-some-thing-odd,,29/11/26,,3.00,100004.00',
      ],
      'hdfc',
    );
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().data.lines as Record<string, unknown>[];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ utr, user: expect.objectContaining({ _id: user.id }) });
    expect(lines[0]?.status).not.toBe('unreadable');
    expect(lines[1]).toMatchObject({
      utr: utr2,
      status: 'unclaimed',
      remitter_name: 'ANYONE',
      remitter_vpa: 'any-one@okaxis',
      remitter_ifsc: 'UTIB0000001',
      amount: '1',
    });
    expect(lines[2]).toMatchObject({
      status: 'unreadable',
      utr: null,
      raw: '29/11/26,UPI-NOBODY-some-thing-odd,,29/11/26,,3.00,100004.00',
      note: expect.stringContaining('no UTR'),
    });

    // The admin's statement screen and queue show it, with its text.
    const queue = await authed(
      t,
      'GET',
      '/admin/bank-transfers/credits?status=unreadable',
      admin.token,
    );
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ _id: lines[2]?._id, raw: expect.stringContaining('NOBODY') }),
    );
  }, 120_000);
});
