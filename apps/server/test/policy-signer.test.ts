import { randomBytes } from 'node:crypto';
import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import { randomAccount, tokenBalance as balanceOf, type LocalChain } from '@exchange/test-chain';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotWallet } from '../src/chain/hot-wallet.js';
import { ledgerOne } from '../src/core/money.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { approveWithdrawal } from '../src/modules/withdrawals/commands.js';
import { recheckPayouts } from '../src/modules/withdrawals/payout-watcher.js';
import type { SignRequest } from '../src/modules/withdrawals/signer/policy.js';
import { PolicySigner, SignerMetrics } from '../src/modules/withdrawals/signer/policy-signer.js';
import { buildSignerApp } from '../src/modules/withdrawals/signer/signer-app.js';
import { signRequestBody } from '../src/modules/withdrawals/signer/signer-client.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { chainWithHotWallet } from './support/hot-wallet-chain.js';
import { insertToken } from './support/listings.js';
import { authed, member, type Member } from './support/members.js';
import { demoGrant } from './support/payouts.js';
import { requestWithdrawal } from './support/reviews.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

/**
 * Issue 51, the policy signer: the API holds no hot wallet key and asks the signer (its own HTTP
 * service, SIGNER_URL), which signs only the transfer of a withdrawal the database shows approved
 * by the admins the four-eyes rule requires, to its address, for its amount, once, within its
 * hourly limit. Asked as code inside the API process would ask, it refuses everything else, and
 * nothing leaves the hot wallet.
 */
const CONFIRMATIONS = 2;
const { key: HOT_KEY, address: HOT } = randomAccount();
const USDT = 10n ** 6n;
/** The signer's hourly limit in these tests (USDT). */
const HOUR_LIMIT = 150n;

let chain: LocalChain;
let usdtContract: string;

beforeAll(async () => {
  ({ chain, usdtContract } = await chainWithHotWallet(HOT, 10_000n * USDT));
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;
const tokenBalance = (owner: string) => balanceOf(chain, usdtContract, owner);
const hotNonce = async () =>
  Number(await chain.request('eth_getTransactionCount', [HOT, 'pending']));

describe.each(BACKENDS)('the policy signer on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: TestApp;
  let signerApp: FastifyInstance;
  let signerUrl: string;
  let registry: Registry;
  let usdt: string;
  let admins: [Member, Member];

  const env = {
    ETHEREUM_RPC_URL: '',
    ETHEREUM_CHAIN_ID: '31337',
    ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
    // The API knows the hot wallet by its address only: no key reaches it.
    ETHEREUM_HOT_WALLET_ADDRESS: HOT,
    SIGNER_URL: '',
    WITHDRAWAL_SECOND_APPROVAL_USDT: '50',
    PAYOUT_RECHECK_MS: String(60 * 60 * 1000),
    DEPOSIT_RECHECK_MS: String(60 * 60 * 1000),
  };

  async function startSigner(port = 0) {
    registry = new Registry();
    const wallet = new HotWallet('ethereum', chain.url, 31337, HOT_KEY);
    const limits = {
      secondApprovalUsdt: 50n * ledgerOne,
      hourUsdt: HOUR_LIMIT * ledgerOne,
      dayUsdt: 10_000n * ledgerOne,
      hourTransfers: 100,
      dayTransfers: 1000,
    };
    signerApp = buildSignerApp(
      (log) =>
        new PolicySigner(
          database.db,
          new Map([['ethereum', wallet]]),
          limits,
          new SignerMetrics(registry),
          log,
        ),
      registry,
      false,
    );
    await signerApp.listen({ host: '127.0.0.1', port });
    const address = signerApp.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    signerUrl = await startSigner();
    t = await appOnDatabase(database, {
      env: { ...env, ETHEREUM_RPC_URL: chain.url, SIGNER_URL: signerUrl },
    });
    usdt = await insertToken(t.database.db, {
      name: 'Tether USD',
      shortName: 'USDT',
      decimals: 6,
      networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
    });
    await t.app.ctx.core.tokens.reload();
    admins = [await member(t, { role: 'admin' }), await member(t, { role: 'admin' })];
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await signerApp?.close();
    await database?.close();
  });

  async function userWithdrawing(amount: string, to = randomAddress()) {
    const user = await member(t);
    await demoGrant(t, user.id, usdt, 100n);
    return { user, id: await requestWithdrawal(t, user, amount, usdt, to), to };
  }

  const approve = (id: string, admin: Member) =>
    authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});

  const statusOf = (id: string) => t.app.ctx.core.state.pendingWithdrawals.get(id)?.status;

  /** What code inside the API process can do: its signer client, and the writer's commands. */
  const ask = (request: SignRequest) => t.app.ctx.payouts.signer.sign(request);
  const askFor = (id: string, to: string, whole: bigint): SignRequest => ({
    withdrawalId: id,
    network: 'ethereum',
    contract: usdtContract,
    to,
    units: whole * USDT,
  });
  /** An approval written straight through the single writer, past the admin console's checks. */
  const forgeApproval = (id: string, admin: Member, required: number) =>
    t.app.ctx.core.sequencer.submit(
      approveWithdrawal({
        admin: { adminId: admin.id, ip: '127.0.0.1' },
        id,
        rule: { required, valueUsdt: null },
        hotWallet: true,
      }),
    );

  const refusals = async (reason: string) => {
    const metric = await registry.getSingleMetric('exchange_signer_refusals_total')?.get();
    return metric?.values.find((v) => v.labels.reason === reason)?.value ?? 0;
  };

  it('pays an approved withdrawal end to end through the admin console; the chain shows it', async () => {
    const { user, id, to } = await userWithdrawing('60');
    // Above the two-admin threshold: the first approval signs nothing.
    const first = await approve(id, admins[0]);
    expect(first.json().data).toMatchObject({ status: 'pending', payout_sent: false });
    expect(await tokenBalance(to)).toBe(0n);
    const second = await approve(id, admins[1]);
    expect(second.json(), second.body).toMatchObject({
      message: M.payoutSent,
      data: { status: 'pending', payout: 'hot_wallet', payout_sent: true },
    });
    expect(await tokenBalance(to)).toBe(60n * USDT);
    await chain.mine(CONFIRMATIONS);
    await recheckPayouts(t.app.ctx, t.app.log);
    const history = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    expect(history.json().data[0]).toMatchObject({ status: 'approved' });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses a transfer to another address, of another amount or token, and sends nothing', async () => {
    const { id, to } = await userWithdrawing('20');
    await forgeApproval(id, admins[0], 2);
    await forgeApproval(id, admins[1], 2);
    expect(statusOf(id)).toBe('awaiting_signature');
    const nonce = await hotNonce();
    const thief = randomAddress();
    const asks: [SignRequest, string][] = [
      [askFor(id, thief, 20n), 'wrong_address'],
      [askFor(id, to, 90n), 'wrong_amount'],
      [{ ...askFor(id, to, 20n), contract: null, units: 20n * 10n ** 18n }, 'wrong_token'],
    ];
    for (const [request, reason] of asks) {
      await expect(ask(request)).rejects.toMatchObject({ name: 'SignerRefusal', reason });
      expect(await refusals(reason)).toBe(1);
    }
    // Straight to the signer's HTTP API, as any code on the API's host could.
    const direct = await fetch(`${signerUrl}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signRequestBody(askFor(id, thief, 20n))),
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ reason: 'wrong_address' });
    expect(await hotNonce()).toBe(nonce);
    expect(await tokenBalance(thief)).toBe(0n);
    // The withdrawal itself is still paid as approved.
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await tokenBalance(to)).toBe(20n * USDT);
  });

  it('refuses a withdrawal not approved, or approved by one admin where two are required', async () => {
    const { id, to } = await userWithdrawing('30');
    const nonce = await hotNonce();
    await expect(ask(askFor(id, to, 30n))).rejects.toMatchObject({
      reason: 'not_awaiting_signature',
    });
    // One approval written as if it completed the withdrawal: worth more than the threshold.
    await forgeApproval(id, admins[0], 1);
    expect(statusOf(id)).toBe('awaiting_signature');
    await expect(ask(askFor(id, to, 30n))).rejects.toMatchObject({ reason: 'not_approved' });
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(statusOf(id)).toBe('awaiting_signature');
    expect(await hotNonce()).toBe(nonce);
    expect(await tokenBalance(to)).toBe(0n);
    // An admin refuses it: the hold returns.
    const rejected = await authed(t, 'POST', `/admin/withdrawals/${id}/reject`, admins[1].token, {
      reason: 'Not approved by two admins',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected' });
  });

  it('signs once: a replay of a paid withdrawal is refused and sends nothing', async () => {
    const { id, to } = await userWithdrawing('10');
    const paid = await approve(id, admins[0]);
    expect(paid.json().data).toMatchObject({ payout_sent: true });
    const nonce = await hotNonce();
    await expect(ask(askFor(id, to, 10n))).rejects.toMatchObject({ reason: 'replayed' });
    await chain.mine(CONFIRMATIONS);
    await recheckPayouts(t.app.ctx, t.app.log);
    await expect(ask(askFor(id, to, 10n))).rejects.toMatchObject({ reason: 'replayed' });
    expect(await hotNonce()).toBe(nonce);
    expect(await tokenBalance(to)).toBe(10n * USDT);
  });

  it('keeps within its hourly limit: over it, the withdrawal waits and nothing is sent', async () => {
    // 60 + 20 + 10 signed this hour; 70 more is over 150.
    const { id, to } = await userWithdrawing('70');
    const nonce = await hotNonce();
    const res = await approve(id, admins[0]).then(() => approve(id, admins[1]));
    expect(res.json()).toMatchObject({ status: 409 });
    expect(res.json().message).toMatch(/hourly limit/);
    expect(statusOf(id)).toBe('awaiting_signature');
    expect(await refusals('hourly_limit')).toBe(1);
    expect(await hotNonce()).toBe(nonce);
    expect(await tokenBalance(to)).toBe(0n);
  });

  it('resumes a withdrawal approved while the signer was down, once it is back', async () => {
    const { id, to } = await userWithdrawing('5');
    const port = (signerApp.server.address() as { port: number }).port;
    await signerApp.close();
    const res = await approve(id, admins[0]);
    expect(res.json()).toMatchObject({ status: 503 });
    expect(statusOf(id)).toBe('awaiting_signature');
    await startSigner(port);
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await tokenBalance(to)).toBe(5n * USDT);
    await chain.mine(CONFIRMATIONS);
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(statusOf(id)).toBeUndefined();
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
