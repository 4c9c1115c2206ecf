import type { Network, ReserveReading } from '@exchange/contracts';
import { EvmRpcError, type EvmRpc } from '../../chain/evm-rpc.js';
import type { AppContext } from '../../context.js';
import { formatAmount, fromChainUnits } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';
import { depositAddressOwners } from '../deposits/service.js';

/** One asset's reserves: the sum over the networks read, and each network's reading. */
export interface AssetReserves {
  total: bigint;
  readings: ReserveReading[];
}

/** Balance reads in flight at once per network. */
const PARALLEL_READS = 8;

/**
 * The on-chain balances of the exchange's addresses (the hot wallet and every deposit address),
 * per listed token and network, each network read at one block: its latest when the snapshot is
 * taken. A network without a reachable endpoint is listed unread (null), never counted as zero.
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
      const hot = ctx.payouts.wallet(network)?.address.toLowerCase();
      const addresses = hot && !owned.includes(hot) ? [...owned, hot] : owned;
      const units = at
        ? await sumBalances(at.rpc, at.block, listing.contractAddress, addresses)
        : null;
      const amount = units === null ? null : fromChainUnits(units, listing.decimals);
      if (amount !== null) asset.total += amount;
      asset.readings.push({
        network,
        block_number: amount === null ? null : (at?.block ?? null),
        amount: amount === null ? null : formatAmount(amount),
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
