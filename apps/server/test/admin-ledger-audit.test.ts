import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

describe.each(BACKENDS)('the ledger audit for admins on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let admin: Member;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
  });

  it('runs on demand, keeps the latest result with per-asset totals, and logs the run', async () => {
    const before = await authed(t, 'GET', '/admin/audit/ledger', admin.token);
    expect(before.json()).toMatchObject({
      status: 200,
      message: 'The ledger audit has not run yet',
      data: null,
    });
    const user = await member(t);
    await fund(t, user, ids.usdt, '100', 'funding');
    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: '0x2222222222222222222222222222222222222222',
      amount: '30',
      token_id: 'USDT',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const run = await authed(t, 'POST', '/admin/audit/ledger', admin.token);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({
      message: 'Ledger is consistent',
      data: { ok: true, violations: [], admin: { _id: admin.id, email: admin.email } },
    });
    expect(run.json().data.totals).toEqual(
      expect.arrayContaining([
        {
          token: 'USDT',
          users: '100',
          fees: '0',
          tds: '0',
          gst: '0',
          rounding: '0',
          deposited: '100',
          withdrawn: '0',
          in_withdrawal: '30',
        },
      ]),
    );
    const latest = await authed(t, 'GET', '/admin/audit/ledger', admin.token);
    expect(latest.json().data).toEqual(run.json().data);
    const trail = await authed(t, 'GET', '/admin/audit-log?action=ledger.audited', admin.token);
    expect(trail.json()).toMatchObject({
      total: 1,
      data: [
        {
          admin: { _id: admin.id },
          target_type: 'ledger',
          target_id: run.json().data._id,
          after: { ok: true, violations: 0 },
        },
      ],
    });
    expect((await authed(t, 'POST', '/admin/audit/ledger', user.token)).statusCode).toBe(403);
  });
});
