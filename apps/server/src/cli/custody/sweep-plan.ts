import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { ChainReader } from '../../chain/chain-reader.js';
import { loadHdRoot } from '../../chain/hd-wallet.js';
import { NETWORK_INFO, type EvmNetwork } from '../../chain/networks.js';
import type { Config } from '../../config/env.js';
import { parseAmount } from '../../core/money.js';
import { PLAN_FORMAT, type CustodyPlan } from '../../modules/custody/plan-file.js';
import type { SweepSources } from '../../modules/custody/service.js';
import {
  planSweeps,
  type AddressHoldings,
  type SweepToken,
} from '../../modules/custody/sweep-plan.js';
import { printSummary } from './summary.js';

/** Balance reads in flight at once. */
const PARALLEL = 8;
const NATIVE_GAS = 21_000n;

/** A setting in token units (decimal text) as on-chain units of a listing. */
const onChain = (text: string | undefined, decimals: number) =>
  text === undefined ? 0n : (parseAmount(text, decimals) ?? 0n);

/** The settings a sweep plan needs, or an error naming the one missing (before anything is opened). */
export function sweepSettings(config: Config, network: EvmNetwork) {
  const chain = config.chains[network];
  const custody = config.custody.networks[network];
  const name = network.toUpperCase();
  if (!chain.rpcUrl) throw new Error(`${name}_RPC_URL is not set`);
  const cold = custody.cold[0];
  if (!cold) throw new Error(`${name}_COLD_ADDRESSES is not set`);
  if (!custody.gas) throw new Error(`${name}_GAS_ADDRESS is not set`);
  return { chain, custody, rpcUrl: chain.rpcUrl, cold, gasAddress: custody.gas };
}

/**
 * `npm run custody -- sweep-plan`: online and read-only (the xpub, the database's issued deposit
 * addresses and listed tokens, the chain). Writes a plan of unsigned transactions; nothing moves.
 */
export async function writeSweepPlan(
  config: Config,
  network: EvmNetwork,
  sources: SweepSources,
  out: string | null,
): Promise<string> {
  const { chain, custody, rpcUrl, cold, gasAddress } = sweepSettings(config, network);
  const rpc = new ChainReader(rpcUrl);
  const served = await rpc.chainId();
  if (served !== chain.chainId)
    throw new Error(`The ${network} endpoint serves chain ${served}, not ${chain.chainId}`);

  const root = await loadHdRoot(config.dataDir, {
    xpub: config.hdXpub,
    mnemonic: config.hdMnemonic,
  });
  for (const { index, address } of sources.addresses)
    if (root.deriveAddress(index).toLowerCase() !== address.toLowerCase())
      throw new Error(
        `Deposit address ${index} (${address}) is not the HD key's: is HD_XPUB the server's?`,
      );

  const tokens: SweepToken[] = sources.tokens.map((t) => ({
    tokenId: t.token_id,
    symbol: t.symbol,
    contract: t.contract,
    decimals: t.decimals,
    dust: onChain(config.custody.sweepDust[t.symbol], t.decimals),
  }));
  const holdings = await readHoldings(rpc, sources.addresses, tokens);
  const hot = custody.hot
    ? { address: custody.hot, deficit: await hotDeficit(rpc, custody.hot, tokens, config) }
    : null;
  const gasPrice = ((await rpc.gasPrice()) * 5n) / 4n;
  const tokenGas = await maxTokenGas(rpc, holdings, tokens, cold);
  const transactions = planSweeps({
    gasPrice,
    nativeGas: NATIVE_GAS,
    tokenGas,
    cold,
    hot,
    gas: {
      address: gasAddress,
      nonce: await rpc.nonce(gasAddress),
      balance: await rpc.nativeBalance(gasAddress),
    },
    nativeSymbol: NETWORK_INFO[network].nativeSymbol,
    tokens,
    addresses: holdings,
  });
  const plan: CustodyPlan = {
    format: PLAN_FORMAT,
    plan_id: randomUUID(),
    created_at: new Date().toISOString(),
    description:
      `Sweep of ${holdings.length} deposit addresses on ${network} (chain ${served}) to the cold address ` +
      `${cold}${hot ? ` and the hot wallet ${hot.address} up to its targets` : ''}. Unsigned: sign offline ` +
      '(npm run custody -- sign), then npm run custody -- broadcast.',
    network,
    chain_id: served,
    destinations: { cold, hot: hot?.address ?? null },
    gas_address: gasAddress,
    transactions,
  };
  const file = out ?? `sweep-plan-${network}-${plan.created_at.replace(/[:.]/g, '-')}.json`;
  await fs.writeFile(file, `${JSON.stringify(plan, null, 2)}\n`, { flag: 'wx' });
  printSummary(plan);
  return file;
}

async function readHoldings(
  rpc: ChainReader,
  addresses: SweepSources['addresses'],
  tokens: SweepToken[],
): Promise<AddressHoldings[]> {
  const read = async ({ index, address }: { index: number; address: string }) => {
    const balances = await Promise.all(
      tokens
        .filter((t) => t.contract !== null)
        .map(
          async (t) => [t.tokenId, await rpc.tokenBalance(t.contract as string, address)] as const,
        ),
    );
    return {
      index,
      address: address.toLowerCase(),
      nonce: await rpc.nonce(address),
      native: await rpc.nativeBalance(address),
      tokens: Object.fromEntries(balances),
    };
  };
  const holdings: AddressHoldings[] = [];
  for (let i = 0; i < addresses.length; i += PARALLEL)
    holdings.push(...(await Promise.all(addresses.slice(i, i + PARALLEL).map(read))));
  return holdings;
}

/** What the hot wallet lacks of its target per token (`HOT_WALLET_TARGET_<SYMBOL>`). */
async function hotDeficit(rpc: ChainReader, hot: string, tokens: SweepToken[], config: Config) {
  const deficit: Record<string, bigint> = {};
  for (const t of tokens) {
    const target = onChain(config.custody.hotTargets[t.symbol], t.decimals);
    if (target === 0n) continue;
    const held =
      t.contract === null ? await rpc.nativeBalance(hot) : await rpc.tokenBalance(t.contract, hot);
    if (held < target) deficit[t.tokenId] = target - held;
  }
  return deficit;
}

/** The largest ERC-20 sweep's gas, estimated for each, with a fifth more as margin. */
async function maxTokenGas(
  rpc: ChainReader,
  holdings: AddressHoldings[],
  tokens: SweepToken[],
  to: string,
) {
  let max = 0n;
  for (const h of holdings)
    for (const t of tokens) {
      const units = h.tokens[t.tokenId] ?? 0n;
      if (t.contract === null || units <= t.dust) continue;
      const gas = await rpc.tokenTransferGas(t.contract, h.address, to, units);
      if (gas > max) max = gas;
    }
  return max === 0n ? 65_000n : (max * 6n) / 5n;
}
