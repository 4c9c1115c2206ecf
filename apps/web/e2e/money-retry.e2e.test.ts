import { IDEMPOTENCY_HEADER, type WalletGroup } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveIdentity, depositUsdt } from './identity-support';
import { browserForFile, call, verifiedUser, waitForToast } from './support';

/**
 * A money call whose answer is lost (issue 34): the app sends it again with the same
 * `Idempotency-Key`, the server answers the retry with the first answer, and the money moves once.
 */
const pages = browserForFile();
let user: { email: string; token: string };

beforeAll(async () => {
  user = await verifiedUser('retry');
  await approveIdentity(user.email, user.token);
  await depositUsdt(user.email, user.token, '100');
});

async function usdt(wallet: 'spot' | 'funding'): Promise<string> {
  const { data } = await call<WalletGroup[]>('/wallets', undefined, user.token);
  const group = data.find((g) => g.short_name === 'USDT');
  return group?.balances.find((b) => b.wallet_type === wallet)?.amount ?? '0';
}

describe('a transfer whose answer is dropped', () => {
  it('is retried with the same key and moves the money once', async () => {
    const page = await pages.openAt(user.token, '/wallets/funding');
    const sent: { key: string | null; replayed: string | null }[] = [];
    await page.route('**/api/v1/wallets/transfer', async (route) => {
      const key = await route.request().headerValue(IDEMPOTENCY_HEADER);
      // The server runs the call; the browser never hears its answer, the first time.
      const answer = await route.fetch();
      sent.push({ key, replayed: answer.headers()['idempotent-replayed'] ?? null });
      if (sent.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response: answer });
    });

    await page.getByRole('button', { name: 'Transfer USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    await dialog.getByLabel('Amount').fill('40');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(page, 'Transfer successful');

    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent.map((s) => s.replayed)).toEqual([null, 'true']);
    expect(Number(await usdt('funding'))).toBe(60);
    expect(Number(await usdt('spot'))).toBe(40);

    // The same amount asked again is a new transfer, with a new key.
    await page.getByRole('button', { name: 'Transfer USDT (Funding)' }).click();
    await dialog.getByLabel('Amount').fill('40');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The dialog closes once the transfer succeeded (the first one's toast may still show).
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(3);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(Number(await usdt('funding'))).toBe(20);
  });
});
