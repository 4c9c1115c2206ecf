import type { FastifyBaseLogger } from 'fastify';
import { EvmRpcError, type EvmRpc } from '../../chain/evm-rpc.js';
import { EVM_NETWORKS, type EvmNetwork } from '../../chain/networks.js';
import { TRANSFER_TOPIC, transferOfLog, type ChainTransfer } from '../../chain/transfers.js';
import type { AppContext } from '../../context.js';
import { fromChainUnits } from '../../core/money.js';
import { depositAddressOwners } from './repository.js';
import { saveScanCursor, scanCursor } from './scan-cursors.js';
import { creditScannedTransfer } from './scan-commands.js';

/** Blocks read per network per scan, so a long catch-up never holds one network for long. */
const MAX_BLOCKS_PER_SCAN = 500;

interface Listing {
  tokenId: string;
  contract: string | null;
  decimals: number;
}

/**
 * Follows each network with a reachable RPC endpoint and credits every transfer of a listed
 * token (ERC-20 `Transfer` logs, and native coin sent by a transaction) to a user's deposit
 * address, with no claim. It reads a block only once it has the network's confirmations, so a
 * transfer in a block reorganised away before then is never seen; `deposit_scan_cursors` keeps
 * the last block processed, so a restart resumes after it (the first scan starts at the newest
 * confirmed block: older transfers are claimed with the form). Returns how many it credited.
 */
export async function scanDeposits(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  let credited = 0;
  for (const network of EVM_NETWORKS) {
    const rpc = await ctx.chains.reachable(network);
    if (!rpc) continue;
    try {
      credited += await scanNetwork(ctx, rpc, network, log);
    } catch (error) {
      if (!(error instanceof EvmRpcError)) throw error;
      log.warn({ network, err: error }, 'deposit scan paused: the node did not answer');
    }
  }
  return credited;
}

async function scanNetwork(
  ctx: AppContext,
  rpc: EvmRpc,
  network: EvmNetwork,
  log: FastifyBaseLogger,
): Promise<number> {
  const confirmed = (await rpc.blockNumber()) - ctx.config.chains[network].confirmations + 1;
  const last = (await scanCursor(ctx.db, network)) ?? confirmed - 1;
  const from = last + 1;
  const to = Math.min(confirmed, from + MAX_BLOCKS_PER_SCAN - 1);
  if (to < from) return 0;
  const listings = listingsOn(ctx, network);
  const owners = await depositAddressOwners(ctx.db);
  const found: { transfer: ChainTransfer; txHash: string; listing: Listing }[] = [];
  const contracts = listings.filter((l) => l.contract !== null);
  if (contracts.length > 0 && owners.size > 0) {
    const logs = await rpc.getLogs({
      from,
      to,
      addresses: contracts.map((l) => l.contract as string),
      topic0: TRANSFER_TOPIC,
    });
    for (const entry of logs) {
      const transfer = transferOfLog(entry);
      const listing = contracts.find((l) => l.contract === entry.address.toLowerCase());
      if (transfer && listing && owners.has(transfer.to))
        found.push({ transfer, txHash: entry.transactionHash, listing });
    }
  }
  const native = listings.find((l) => l.contract === null);
  if (native && owners.size > 0)
    for (let n = from; n <= to; n++) found.push(...(await nativeTransfers(rpc, n, owners, native)));

  let credited = 0;
  for (const { transfer, txHash, listing } of found) {
    const amount = fromChainUnits(transfer.units, listing.decimals);
    if (amount === null || amount === 0n) continue;
    const record = await ctx.core.sequencer.submit(
      creditScannedTransfer({
        userId: owners.get(transfer.to) as string,
        network,
        tokenId: listing.tokenId,
        txHash,
        logIndex: transfer.logIndex,
        senderAddress: transfer.from,
        amount,
      }),
    );
    if (record) credited++;
  }
  await saveScanCursor(ctx.db, network, to, ctx.now());
  if (credited > 0) log.info({ network, from, to, credited }, 'deposits credited by the scanner');
  return credited;
}

/** The listed tokens on `network`, contract addresses lower-cased. */
function listingsOn(ctx: AppContext, network: EvmNetwork): Listing[] {
  return ctx.core.tokens.all().flatMap((t) =>
    t.networks
      .filter((n) => n.network === network)
      .map((n) => ({
        tokenId: t.id,
        contract: n.contractAddress?.toLowerCase() ?? null,
        decimals: n.decimals,
      })),
  );
}

/** Native coin sent to a deposit address by a successful transaction of block `n`. */
async function nativeTransfers(
  rpc: EvmRpc,
  n: number,
  owners: Map<string, string>,
  listing: Listing,
) {
  const block = await rpc.getBlock(n);
  if (!block) throw new EvmRpcError(`${rpc.network}: block ${n} is not available yet`);
  const out: { transfer: ChainTransfer; txHash: string; listing: Listing }[] = [];
  for (const tx of block.transactions) {
    const to = tx.to?.toLowerCase();
    if (!to || tx.value === 0n || !owners.has(to)) continue;
    const receipt = await rpc.getTransactionReceipt(tx.hash);
    if (receipt?.status !== 'success') continue;
    const transfer = { contract: null, from: tx.from, to, units: tx.value, logIndex: -1 };
    out.push({ transfer, txHash: tx.hash, listing });
  }
  return out;
}

/** Runs the scan on a timer (`DEPOSIT_SCAN_MS`); returns the function that stops it. */
export function startDepositScanner(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    scanDeposits(ctx, log)
      .catch((err: unknown) => log.error({ err }, 'deposit scan failed'))
      .finally(() => (running = false));
  }, ctx.config.depositScanMs);
  timer.unref();
  return () => clearInterval(timer);
}
