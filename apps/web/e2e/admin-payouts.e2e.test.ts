import {
  REVIEW_MESSAGES as M,
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search, showAll, tableRow } from './console-support';
import { adminToken, approveIdentity, randomHex } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
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
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(own, 'Withdrawal request submitted');

    const admin = await adminToken();
    const queue = await pages.openAt(admin, '/admin/withdrawals');
    await search(queue, user.email);
    const row = tableRow(queue, 'Withdrawals', user.email);
    await row.getByText('Needs one admin').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /^Approve withdrawal of 25 USDT/ }).click();
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
    expect(log.data.filter((e) => e.target_id === id).map((e) => e.action)).toEqual([
      'withdrawal.payout_confirmed',
      'withdrawal.payout_sent',
    ]);
  });
});
