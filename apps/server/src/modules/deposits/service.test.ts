import { beforeAll, describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { depositHistory, isDepositAddress, submitDeposit, userDepositAddress } from './service.js';

const USDT = {
  name: 'Tether',
  shortName: 'USDT',
  decimals: 6,
  networks: [{ network: 'ethereum' as const, contractAddress: `0x${'d'.repeat(40)}`, decimals: 6 }],
};
const SENDER = `0x${'a'.repeat(40)}`;

/** The deposit service's rules with no chain node configured: claims wait for an admin. */
describe('deposits service', () => {
  const t = specContext();
  beforeAll(() => t.coin(USDT));

  let hashes = 0;
  const txHash = () => `0x${(++hashes).toString(16).padStart(64, '0')}`;
  const deposit = (userId: string, hash = txHash(), over: Record<string, unknown> = {}) =>
    submitDeposit(t.ctx, userId, {
      network: 'ethereum',
      transaction_hash: hash,
      sender_address: SENDER,
      amount: '12.5',
      ...over,
    } as Parameters<typeof submitDeposit>[2]);

  it('gives each user one address of their own, the same on every EVM network, and keeps it', async () => {
    const [a, b] = [await t.user(), await t.user()];
    const address = await userDepositAddress(t.ctx, a.id, 'ethereum');
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await userDepositAddress(t.ctx, a.id, 'ethereum')).toBe(address);
    expect(await userDepositAddress(t.ctx, a.id, 'bsc')).toBe(address);
    expect(await userDepositAddress(t.ctx, b.id, 'ethereum')).not.toBe(address);
    expect(await isDepositAddress(t.ctx.db, address.toLowerCase())).toBe(true);
  });

  it('records a claim as pending for an admin, in USDT when no coin is named', async () => {
    const user = await t.user();
    const hash = txHash();
    const record = await deposit(user.id, hash.toUpperCase().replace('0X', '0x'));
    expect(record).toMatchObject({
      status: 'pending',
      txHash: hash,
      senderAddress: SENDER,
      amount: 12_500_000_000_000_000_000n,
      tokenId: t.ctx.core.tokens.get('USDT').id,
    });
    const history = await depositHistory(t.ctx, user.id, { page: 1, pageSize: 10 });
    expect(history.total).toBe(1);
  });

  it('takes a transaction once, whoever claims it', async () => {
    const hash = txHash();
    await deposit((await t.user()).id, hash);
    await expect(deposit((await t.user()).id, hash)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a coin that cannot be deposited on the network', async () => {
    const user = await t.user();
    await expect(deposit(user.id, txHash(), { network: 'bsc' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'USDT cannot be deposited on bsc',
    });
  });

  it('refuses a user whose identity is not verified', async () => {
    const user = await t.user({ verificationStatus: 'pending_identity' });
    await expect(deposit(user.id)).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
  });
});
