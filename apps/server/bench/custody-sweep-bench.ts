/**
 * `npm run bench:custody`: a sweep of N deposit addresses (default 100) on the local test chain,
 * each holding USDT and no coin (so each needs a gas top-up), plus N/4 holding native coin only:
 * plan, offline signing, broadcast; prints each step's time and the fees paid.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  tokenBalance,
} from '@exchange/test-chain';
import { HdSpendingKeys } from '../src/chain/hd-keys.js';
import { hdRootFromXpub, xpubFromMnemonic } from '../src/chain/hd-wallet.js';
import { broadcastSigned } from '../src/cli/custody/broadcast.js';
import { writeSweepPlan } from '../src/cli/custody/sweep-plan.js';
import { loadConfig } from '../src/config/env.js';
import { formatAmount } from '../src/core/money.js';
import { parseCustodyFile, planSchema } from '../src/modules/custody/plan-file.js';
import { signPlan } from '../src/modules/custody/sign-plan.js';

const N = Number(process.env.SWEEP_ADDRESSES ?? 100);
const MNEMONIC = `${'abandon '.repeat(11)}about`;
const COLD = '0x' + 'c0'.repeat(20);

const chain = await startLocalChain();
const [sender] = chain.accounts as [string];
const usdt = await deployTestToken(chain, await compileTestToken(), sender, 6, 10n ** 30n);
const keys = await HdSpendingKeys.fromMnemonic(MNEMONIC);
const gas = keys.gas().address;
await chain.send({ from: sender, to: gas, value: 10n ** 18n });
const root = hdRootFromXpub(await xpubFromMnemonic(MNEMONIC));
const addresses = Array.from({ length: N }, (_, i) => ({
  index: i + 1,
  address: root.deriveAddress(i + 1).toLowerCase(),
}));
for (const { address, index } of addresses) {
  await sendToken(chain, usdt, sender, address, 1_000_000n * BigInt(index));
  if (index % 4 === 0) await chain.send({ from: sender, to: address, value: 10n ** 16n });
}
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dir,
  HD_XPUB: await xpubFromMnemonic(MNEMONIC),
  ETHEREUM_RPC_URL: chain.url,
  ETHEREUM_CHAIN_ID: String(chain.chainId),
  ETHEREUM_CONFIRMATIONS: '1',
  ETHEREUM_COLD_ADDRESSES: COLD,
  ETHEREUM_GAS_ADDRESS: gas,
});
const sources = {
  addresses,
  tokens: [
    {
      token_id: '00000000-0000-4000-8000-000000000001',
      symbol: 'USDT',
      contract: usdt.toLowerCase(),
      decimals: 6,
    },
    {
      token_id: '00000000-0000-4000-8000-000000000002',
      symbol: 'ETH',
      contract: null,
      decimals: 18,
    },
  ],
};
const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await fn();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(2)} s`);
  return result;
};
const planFile = path.join(dir, 'plan.json');
await time('plan', () => writeSweepPlan(config, 'ethereum', sources, planFile));
const plan = parseCustodyFile(planSchema, await fs.readFile(planFile, 'utf8'), 'plan');
const signedFile = path.join(dir, 'signed.json');
await time('sign', async () =>
  fs.writeFile(signedFile, JSON.stringify(await signPlan(plan, keys, new Date()))),
);
let recorded = 0;
const report = await time('broadcast', () =>
  broadcastSigned(config, signedFile, async (m) => (recorded += m.length)),
);
console.log(
  `${plan.transactions.length} transactions, ${recorded} recorded; fees ${formatAmount(report.fees, 18)} ETH ` +
    `(gas price ${plan.transactions[0]?.gas_price} wei); cold holds ${formatAmount(await tokenBalance(chain, usdt, COLD), 6)} USDT`,
);
keys.wipe();
await chain.close();
await fs.rm(dir, { recursive: true, force: true });
