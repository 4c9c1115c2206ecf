import { describe, expect, it } from 'vitest';
import { amlIdle } from '../src/modules/aml/monitor.js';
import { caseList } from '../src/modules/aml/repository.js';
import { PASSWORD, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { useMarketApp } from './support/market-app.js';

/**
 * Issue 52: a successful login, once recorded, is told to the AML monitor, which runs the shared
 * device/address rule on a later turn (the login never waits for it).
 */
describe.each(BACKENDS)('AML shared device on %s', (kind) => {
  const { t } = useMarketApp(kind);
  /** A login from `remoteAddress`, with the browser's device cookie when it has one. */
  const login = async (email: string, remoteAddress: string, device?: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress,
      ...(device ? { headers: { cookie: `device_id=${device}` } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.cookies.find((c) => c.name === 'device_id')?.value ?? device;
  };
  const cases = async () =>
    (await caseList(t.database.db)).filter((c) => c.rule === 'shared_device');

  it('opens one case for five accounts signing in from one device', async () => {
    const emails = await Promise.all([1, 2, 3, 4, 5].map(() => verifiedUser(t)));
    let device: string | undefined;
    // Each from its own address: only the device is shared.
    for (const [i, email] of emails.entries())
      device = await login(email, `198.51.100.${i + 1}`, device);
    await login(emails[0]!, '198.51.100.9', device);
    await amlIdle(t.app.ctx);
    const found = await cases();
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'shared_device',
        risk: 'medium',
        facts: expect.objectContaining({ accounts: 5 }),
      }),
    ]);
    expect(found[0]!.subject).toMatch(/^device [\w-]{12}$/);
    expect(found[0]!.user_ids).toHaveLength(5);
  });

  it('opens none for users signing in again and again from their own devices', async () => {
    for (const [i, email] of [await verifiedUser(t), await verifiedUser(t)].entries()) {
      let device: string | undefined;
      for (let n = 0; n < 4; n++) device = await login(email, `203.0.113.${i + 1}`, device);
    }
    await amlIdle(t.app.ctx);
    expect(await cases()).toHaveLength(1);
  });
});
