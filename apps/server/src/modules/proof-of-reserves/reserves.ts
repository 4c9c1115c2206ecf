import type { Network, ReserveReading } from '@exchange/contracts';
import { EvmRpcError, type EvmRpc } from '../../chain/evm-rpc.js';
import type { AppContext } from '../../context.js';
import { formatAmount, fromChainUnits } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';
import { depositAddressOwners } from '../deposits/service.js';
import { custodyTiers, type CustodyTier } from './custody-tiers.js';

/** One asset's reserves: the sum over the networks read, and each network's reading. */
export interface AssetReserves {
  total: bigint;
  readings: ReserveReading[];
}

/** Balance reads in flight at once per network. */
const PARALLEL_READS = 8;

/**
 * The on-chain balances of the exchange's addresses in every tier (the deposit addresses and their
 * gas address, the hot wallet, the cold addresses), per listed token and network, each network
 * read at one block: its latest when the snapshot is taken. A network without a reachable endpoint
 * is listed unread (null), never counted as zero.
 */
export async function readReserves(
  ctx: AppContext,
  tokens: Token[],
): Promise<Map<string, AssetReserves>> {
  const owned = [...(await depositAddressOwners(ctx.db)).keys()];
  const blocks = new Map<Network, { rpc: EvmRpc; block: number } | null>();
  const reserves = new Map<string, AssetReserves>();
  for (const token of tokens) {
    const asset: AssetReserves = { total: 0n, readings: [] };
    for (const listing of token.networks) {
      const { network } = listing;
      if (!blocks.has(network)) blocks.set(network, await latestBlock(ctx, network));
      const at = blocks.get(network);
      if (!at) {
        asset.readings.push({ network, block_number: null, amount: null, tiers: null });
        continue;
      }
      const tiers = custodyTiers(ctx, network, owned);
      const held: Partial<Record<CustodyTier, bigint>> = {};
      for (const [tier, addresses] of Object.entries(tiers) as [CustodyTier, string[]][]) {
        const units = await sumBalances(at.rpc, at.block, listing.contractAddress, addresses);
        const amount = units === null ? null : fromChainUnits(units, listing.decimals);
        if (amount === null) break;
        held[tier] = amount;
      }
      const read = held.deposit !== undefined && held.hot !== undefined && held.cold !== undefined;
      const amount = read ? (held.deposit ?? 0n) + (held.hot ?? 0n) + (held.cold ?? 0n) : null;
      if (amount !== null) asset.total += amount;
      asset.readings.push({
        network,
        block_number: amount === null ? null : at.block,
        amount: amount === null ? null : formatAmount(amount),
        tiers: read
          ? {
              deposit: formatAmount(held.deposit ?? 0n),
              hot: formatAmount(held.hot ?? 0n),
              cold: formatAmount(held.cold ?? 0n),
            }
          : null,
      });
    }
    reserves.set(token.id, asset);
  }
  return reserves;
}

async function latestBlock(ctx: AppContext, network: Network) {
  const rpc = await ctx.chains.reachable(network);
  if (!rpc) return null;
  try {
    return { rpc, block: await rpc.blockNumber() };
  } catch (error) {
    if (error instanceof EvmRpcError) return null;
    throw error;
  }
}

/** The token's balances of `addresses` at `block`, summed; null when the node could not answer. */
async function sumBalances(
  rpc: EvmRpc,
  block: number,
  contract: string | null,
  addresses: string[],
): Promise<bigint | null> {
  const read = (owner: string) =>
    contract === null
      ? rpc.getBalance(owner, block)
      : rpc
          .call(contract, balanceOfCall(owner), block)
          .then((data) => BigInt(data === '0x' ? 0 : data));
  let total = 0n;
  try {
    for (let i = 0; i < addresses.length; i += PARALLEL_READS) {
      const batch = await Promise.all(addresses.slice(i, i + PARALLEL_READS).map(read));
      for (const units of batch) total += units;
    }
  } catch (error) {
    if (error instanceof EvmRpcError) return null;
    throw error;
  }
  return total;
}

/** ERC-20 `balanceOf(owner)` call data. */
function balanceOfCall(owner: string): string {
  return `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
}
