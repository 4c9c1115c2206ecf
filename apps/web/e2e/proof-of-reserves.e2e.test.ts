import fs from 'node:fs/promises';
import type { InclusionProofFile } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { browserForFile, call, DEMO_PASSWORD, waitForToast } from './support';

const pages = browserForFile();
const SHOTS = process.env.E2E_SCREENSHOTS;
let admin: string;
let demo: string;

const login = async (email: string) =>
  (await call<{ access_token: string }>('/auth/login', { email, password: DEMO_PASSWORD })).data
    .access_token;

beforeAll(async () => {
  admin = await login('admin@exchange.local');
  demo = await login('demo@exchange.local');
});

describe('the Proof of Reserves page', () => {
  it('an admin publishes a snapshot from the console; anyone sees it', async () => {
    const adminPage = await pages.openAt(admin, '/admin/ledger-audit');
    await adminPage.getByRole('button', { name: 'Publish proof of reserves' }).click();
    await waitForToast(adminPage, 'Proof of reserves published');

    const page = await pages.openAt(null, '/proof-of-reserves');
    await page.getByRole('heading', { name: 'Proof of Reserves', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Reserves per asset' });
    const usdt = table.getByRole('row').filter({ hasText: 'USDT' }).first();
    await usdt.waitFor();
    const published = await call<{ root_hash: string }>('/proof-of-reserves');
    expect(await page.getByTestId('reserves-root').innerText()).toBe(published.data.root_hash);
    // The root's signature, checked in the browser with the key the exchange publishes.
    const key = await call<{ public_key: string }>('/proof-of-reserves/signing-key');
    await page
      .getByTestId('reserves-signature')
      .getByText('Signed by the exchange: verified in your browser')
      .waitFor();
    expect(await page.getByTestId('reserves-public-key').innerText()).toBe(key.data.public_key);
    // Every published root is listed, the newest first, its signature checked too.
    const history = page.getByRole('table', { name: 'Published roots' });
    const newest = history.getByRole('row').nth(1);
    await newest.getByText('Signed by the exchange: verified in your browser').waitFor();
    expect(await newest.innerText()).toContain(published.data.root_hash.slice(0, 10));
    // No network of the e2e server has an RPC endpoint: its reserves are listed as not read, the
    // networks by name, and the page says why (W4-13).
    expect(await usdt.innerText()).toContain('Ethereum (ETH): not read');
    expect(await table.innerText()).not.toMatch(/\bethereum:/);
    await page
      .getByText(/this server has no blockchain node \(RPC endpoint\) configured/)
      .waitFor();
    await page
      .getByText('Rupee (INR) balances are not part of this proof', { exact: false })
      .waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/proof-of-reserves-1366.png`, fullPage: true });
  });

  it('a signed-in user verifies their balances in the browser, downloads the proof, and a tampered file is refused', async () => {
    const page = await pages.openAt(demo, '/proof-of-reserves', 375);
    // The user's own check comes before the 25 assets' table (W4-13), and the file control is a
    // button-like label of a thumb's size, not the browser's "Choose File".
    const verify = page.getByRole('button', { name: 'Verify my balances' });
    const assets = page.getByRole('table', { name: 'Reserves per asset' });
    await assets.waitFor();
    expect((await verify.boundingBox())!.y).toBeLessThan((await assets.boundingBox())!.y);
    const fileControl = page.locator('label').filter({ hasText: 'Check a downloaded proof' });
    expect((await fileControl.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The native input is there for the label and the keyboard, out of sight (1 px).
    expect((await page.locator('input[type=file]').boundingBox())!.width).toBeLessThanOrEqual(1);
    await verify.click();
    const status = page.getByRole('status').filter({ hasText: 'erified' });
    await status.getByText('Verified: your balances are included in this snapshot.').waitFor();
    expect(
      await page.getByRole('list', { name: 'Your balances in the snapshot' }).innerText(),
    ).toMatch(/USDT: \d/);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) {
      // The long list of assets above: the viewport at the user's own check.
      await page
        .getByRole('heading', { name: 'Check your balances are included' })
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/proof-of-reserves-375.png` });
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my proof' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^proof-of-reserves-[0-9a-f-]+\.json$/);
    const proof = JSON.parse(
      await fs.readFile((await download.path()) as string, 'utf8'),
    ) as InclusionProofFile;
    expect(proof.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(proof.leaves.length).toBeGreaterThan(1);
    // The result lists the coins the user holds, and only those (W4-13).
    const held = proof.assets.filter((_, i) => BigInt(proof.balances[i] ?? '0') > 0n);
    expect(held.length).toBeLessThan(proof.assets.length);
    const listed = await page
      .getByRole('list', { name: 'Your balances in the snapshot' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(listed.map((item) => item.split(':')[0])).toEqual(held);

    const upload = (name: string, content: unknown) =>
      page.getByLabel('Check a downloaded proof').setInputFiles({
        name,
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(content)),
      });
    const richer = proof.balances.map((b) => (BigInt(b) + 10n ** 18n).toString());
    await upload('richer.json', { ...proof, balances: richer });
    await status
      .getByText("Not verified: Your leaves' shares do not add up to your balances")
      .waitFor();
    const [first, ...rest] = proof.leaves;
    const share = first!.shares.map((b) => (BigInt(b) + 1n).toString());
    await upload('share.json', { ...proof, leaves: [{ ...first!, shares: share }, ...rest] });
    await status.getByText('Not verified: The path does not lead to the published root').waitFor();
    await upload('restated.json', { ...proof, created_at: new Date(0).toISOString() });
    await status
      .getByText("Not verified: The exchange's signature on this root does not verify")
      .waitFor();
    await upload('proof.json', proof);
    await status.getByText('Verified: your balances are included in this snapshot.').waitFor();
  });
});
