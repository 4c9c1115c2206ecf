import {
  REVIEW_MESSAGES as M,
  TWO_FACTOR_MESSAGES,
  type AdminMarkets,
  type AuditLogEntry,
  type DepositRecordDto,
  type WithdrawalRecordDto,
} from '@exchange/contracts';
import {
  compileTestToken,
  placeTestToken,
  randomAccount,
  sendToken,
  setTokenBalance,
  startLocalChain,
  tokenBalance,
  type LocalChain,
} from '@exchange/test-chain';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search, showAll, tableRow } from './console-support';
import { adminToken, approveIdentity, randomHex } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
  confirmWithdrawalByMail,
  SECOND_ADMIN_EMAIL,
  serverForFile,
  verifiedUser,
  waitForToast,
} from './support';

/**
 * A withdrawal paid from the hot wallet on a real chain (Hardhat in this process), through the
 * app. The file has a server of its own, the only one that talks to a chain: the shared one must
 * not, as other files claim deposits with made-up hashes.
 */
const CONFIRMATIONS = 2;
const USDT = 10n ** 6n;
const hot = randomAccount();

let chain: LocalChain;
/** The seeded USDT's Ethereum contract (mainnet's address), holding the test token's code here. */
let usdtContract: string;
/** The seeded USDT's id. */
let usdtId: string;
/** An unlocked Hardhat account that sends the users' deposits. */
let sender: string;

beforeAll(async () => {
  chain = await startLocalChain();
  [sender] = chain.accounts as [string];
});
afterAll(async () => {
  await chain?.close();
});

serverForFile(() => ({
  ETHEREUM_RPC_URL: chain.url,
  ETHEREUM_CHAIN_ID: String(chain.chainId),
  ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
  ETHEREUM_HOT_WALLET_KEY: hot.key,
  PAYOUT_RECHECK_MS: '200',
}));

const pages = browserForFile();

beforeAll(async () => {
  const markets = await call<AdminMarkets>('/admin/markets', undefined, await adminToken());
  const usdt = markets.data.tokens.find((t) => t.short_name === 'USDT');
  const contract = usdt?.networks.find((n) => n.network === 'ethereum')?.contract_address;
  if (!contract) throw new Error('USDT has no Ethereum contract listed');
  usdtContract = contract;
  usdtId = usdt?._id ?? '';
  await placeTestToken(chain, await compileTestToken(), usdtContract, 6);
  await chain.request('hardhat_setBalance', [hot.address, `0x${(10n ** 20n).toString(16)}`]);
  await setTokenBalance(chain, usdtContract, hot.address, 1_000n * USDT);
  await setTokenBalance(chain, usdtContract, sender, 1_000n * USDT);
});

/** A verified user whose deposit of `amount` USDT, made on chain, the server credited at once. */
async function userWithDeposit(amount: bigint) {
  const user = await verifiedUser('payout');
  await approveIdentity(user.email, user.token);
  const wallet = await call<{ address: string }>('/wallets/deposit', undefined, user.token);
  const hash = await sendToken(chain, usdtContract, sender, wallet.data.address, amount * USDT);
  await chain.mine(CONFIRMATIONS - 1);
  const claim = await call<DepositRecordDto>(
    '/transactions/deposit/verify',
    {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: hash,
      amount: String(amount),
    },
    user.token,
  );
  expect(claim.data?.status, claim.message).toBe('confirmed');
  return user;
}

describe('a withdrawal paid on chain from the hot wallet', () => {
  it("is sent when an admin approves it in the console, and shows Approved with its hash in the user's history once confirmed", async () => {
    const user = await userWithDeposit(100n);
    const recipient = randomHex(20);

    const own = await pages.openAt(user.token, '/wallets/funding');
    await own.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    const dialog = own.getByRole('dialog', { name: 'Withdraw Funds' });
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    await own.getByRole('option', { name: 'Ethereum (ETH)' }).click();
    await dialog.getByLabel('Address').fill(recipient);
    await dialog.getByLabel('Amount').fill('25');
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    // A new address and no second factor: it waits for the mail's link (walk-4 W4-4).
    await waitForToast(own, /Check your email/);
    await confirmWithdrawalByMail(user.email);

    const admin = await adminToken();
    const queue = await pages.openAt(admin, '/admin/withdrawals');
    // The demo admin has no second factor: a notice recommends one, and the dialog only confirms.
    const notice = queue.getByRole('note').filter({ hasText: 'protected by your password only' });
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.getByRole('link', { name: 'Set up in Security' }).count()).resolves.toBe(1);
    await search(queue, user.email);
    const row = tableRow(queue, 'Withdrawals', user.email);
    await row.getByText('Needs one admin').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /^Approve withdrawal of 25 USDT/ }).click();
    await queue
      .getByRole('dialog', { name: 'Approve withdrawal' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForToast(queue, M.payoutSent);
    await row.getByText('Sent from the hot wallet: approved once confirmed').waitFor();
    const link = row.getByRole('link', { name: /^0x/ });
    const hash = (await link.getAttribute('title')) ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(link.getAttribute('href')).resolves.toBe(`https://etherscan.io/tx/${hash}`);
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    // Mined, one confirmation of the two: still pending, with its hash.
    await own.goto(`${baseUrl()}/withdraw-history`);
    const entry = tableRow(own, 'Withdraw History', '25 USDT');
    await entry.getByText('Pending').waitFor({ timeout: 15_000 });
    await expect(entry.getByLabel(hash).count()).resolves.toBe(1);

    await chain.mine(CONFIRMATIONS - 1);
    const withdrawal = async () =>
      (await call<WithdrawalRecordDto[]>('/wallets/withdraw/history', undefined, user.token))
        .data[0];
    await expect
      .poll(async () => (await withdrawal())?.status, { timeout: 15_000 })
      .toBe('approved');
    await own.reload();
    await entry.getByText('Approved').waitFor({ timeout: 15_000 });
    await expect(entry.getByLabel(hash).count()).resolves.toBe(1);
    expect(await tokenBalance(chain, usdtContract, recipient)).toBe(25n * USDT);

    await showAll(queue);
    await row.getByText('Approved', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('Approved by admin@exchange.local', { exact: false }).waitFor();
    const log = await call<AuditLogEntry[]>('/admin/audit-log?page_size=100', undefined, admin);
    const id = (await withdrawal())?._id;
    // Newest first: the approval is recorded (awaiting the signer) before anything is signed.
    expect(log.data.filter((e) => e.target_id === id).map((e) => e.action)).toEqual([
      'withdrawal.payout_confirmed',
      'withdrawal.payout_sent',
      'withdrawal.approval_added',
    ]);
  });

  it('asks an admin with an authenticator app for its code at 375 px, from the keyboard, to approve and to reject, and moves nothing on a wrong one', async () => {
    const user = await userWithDeposit(50n);
    const recipient = randomHex(20);
    for (const amount of ['12', '8', '5']) {
      const request = await call<WithdrawalRecordDto>(
        '/wallets/withdraw',
        { network: 'ethereum', address: recipient, amount, token_id: usdtId },
        user.token,
      );
      expect(request.success, request.message).toBe(true);
      // The first to this address waits for the mail's link; the next ones go straight to review.
      if (request.data.status === 'awaiting_email_confirmation')
        await confirmWithdrawalByMail(user.email);
    }
    const second = await adminToken(SECOND_ADMIN_EMAIL);
    const queue = await pages.openAt(second, '/admin/withdrawals', 375);
    await queue.getByRole('note').filter({ hasText: 'protected by your password only' }).waitFor();

    // With the console open, the admin turns the authenticator app on elsewhere.
    const setup = await call<{ secret: string }>('/security/totp/setup', {}, second);
    const secret = setup.data.secret;
    const codeAt = (steps: number) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const enabled = await call<{ recovery_codes: string[] }>(
      '/security/totp/enable',
      { code: await codeAt(0) },
      second,
    );
    expect(enabled.success, enabled.message).toBe(true);

    await search(queue, user.email);
    const row = tableRow(queue, 'Withdrawals', '12 USDT');
    await row.getByText('Needs one admin').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /^Approve withdrawal of 12 USDT/ }).focus();
    await queue.keyboard.press('Enter');
    // The page still thinks the admin has no second factor: the server asks, the code field shows.
    const dialog = queue.getByRole('dialog', { name: 'Approve withdrawal' });
    const code = dialog.getByLabel('Authenticator Code');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText(TWO_FACTOR_MESSAGES.codeRequiredForAction).waitFor();
    await expect(code.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);

    await code.fill('000000');
    await queue.keyboard.press('Enter');
    await dialog.getByText('Invalid authenticator code. 4 tries left').waitFor();
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await tokenBalance(chain, usdtContract, recipient)).toBe(0n);
    const history = () =>
      call<WithdrawalRecordDto[]>('/wallets/withdraw/history', undefined, user.token);
    expect((await history()).data.map((w) => w.status)).toEqual(['pending', 'pending', 'pending']);

    // The code of the next time step: within the drift allowed, and not used yet.
    await code.fill(await codeAt(1));
    await queue.keyboard.press('Enter');
    await waitForToast(queue, M.payoutSent);
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Sent from the hot wallet: approved once confirmed').waitFor();
    expect(await tokenBalance(chain, usdtContract, recipient)).toBe(12n * USDT);

    // Reloaded, the console knows: no notice, and the dialog asks for the code at once (a
    // recovery code here, as the app's next code is already spent).
    await queue.reload();
    await search(queue, user.email);
    const next = tableRow(queue, 'Withdrawals', '8 USDT');
    await next.getByRole('button', { name: /^Approve withdrawal of 8 USDT/ }).click();
    await code.waitFor();
    await expect(queue.getByRole('note').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText(TWO_FACTOR_MESSAGES.codeRequired).waitFor();
    expect(await tokenBalance(chain, usdtContract, recipient)).toBe(12n * USDT);
    await code.fill(enabled.data.recovery_codes[0] ?? '');
    await queue.keyboard.press('Enter');
    await waitForToast(queue, M.payoutSent);
    await expect
      .poll(() => tokenBalance(chain, usdtContract, recipient), { timeout: 15_000 })
      .toBe(20n * USDT);
    await chain.mine(CONFIRMATIONS - 1);

    // A rejection moves money too (the funds go back): the reason, then the same second factor.
    const third = tableRow(queue, 'Withdrawals', '5 USDT');
    await third.getByRole('button', { name: /^Reject withdrawal of 5 USDT/ }).click();
    const reason = queue.getByRole('dialog', { name: /^Reject 5 USDT/ });
    await reason.getByLabel('Reason (the user sees it)').fill('Address flagged by compliance');
    await reason.getByRole('button', { name: 'Reject' }).click();
    const rejection = queue.getByRole('dialog', { name: 'Reject withdrawal' });
    const rejectCode = rejection.getByLabel('Authenticator Code');
    await rejection.getByRole('button', { name: 'Reject' }).click();
    await rejection.getByText(TWO_FACTOR_MESSAGES.codeRequired).waitFor();
    await rejectCode.fill('000000');
    await queue.keyboard.press('Enter');
    await rejection.getByText(/^Invalid authenticator code/).waitFor();
    const fiveStatus = async () =>
      (await history()).data.find((w) => /^5(\.0*)?$/.test(w.amount))?.status;
    expect(await fiveStatus()).toBe('pending');
    await rejectCode.fill(enabled.data.recovery_codes[1] ?? '');
    await queue.keyboard.press('Enter');
    await waitForToast(queue, 'Withdrawal rejected');
    await rejection.waitFor({ state: 'detached' });
    expect(await fiveStatus()).toBe('rejected');
  });
});
