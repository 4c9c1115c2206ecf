import { randomAccount } from '@exchange/test-chain';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { signerConfig } from '../src/config/signer-config.js';
import { Payouts } from '../src/modules/withdrawals/payouts.js';
import type { Db } from '../src/db/connect.js';
import { testConfig } from './support/test-app.js';

/** Issue 51: where the hot wallet's key may be read, and where not. */
describe("the hot wallet's key", () => {
  const { key, address } = randomAccount();
  const chain = { ETHEREUM_RPC_URL: 'http://127.0.0.1:1', ETHEREUM_CHAIN_ID: '31337' };
  const load = (config: ReturnType<typeof testConfig>) =>
    Payouts.load(config, {} as Db, { error() {}, info() {} } as never, new Registry());

  it('never reaches a server that has a signer: it knows the wallet by its address only', async () => {
    const env = { ...chain, SIGNER_URL: 'http://127.0.0.1:4100' };
    const payouts = await load(testConfig({ ...env, ETHEREUM_HOT_WALLET_ADDRESS: address }));
    expect(payouts.wallet('ethereum')?.address.toLowerCase()).toBe(address.toLowerCase());
    expect(payouts.wallet('ethereum')).not.toHaveProperty('sign');
    await expect(load(testConfig({ ...env, ETHEREUM_HOT_WALLET_KEY: key }))).rejects.toThrow(
      /give it to the signer only/,
    );
  });

  it('is refused by a production server without a signer', async () => {
    const config = testConfig({ ...chain, ETHEREUM_HOT_WALLET_KEY: key });
    await expect(load({ ...config, nodeEnv: 'production' })).rejects.toThrow(
      /only the signer holds it/,
    );
  });

  it('takes only a signer address for SIGNER_URL, and whole numbers for its limits', () => {
    expect(() => signerConfig({ SIGNER_URL: 'http://127.0.0.1:4100/sign' })).toThrow(/SIGNER_URL/);
    expect(() => signerConfig({ SIGNER_LIMIT_TRANSFERS_PER_HOUR: '1.5' })).toThrow(/whole/);
    expect(signerConfig({}).limits.hourTransfers).toBe(60);
  });
});
