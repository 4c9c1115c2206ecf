import type { DepositRequest, Network } from '@exchange/contracts';
import { createEvmRpc, EvmRpcError, type EvmRpc } from '../../chain/evm-rpc.js';
import { verifyDeposit, type DepositVerdict } from '../../chain/evm-verifier.js';
import type { AppContext } from '../../context.js';
import { formatAmount, parseAmount } from '../../core/money.js';
import type { DepositRecord } from '../../core/records.js';
import { claimDeposit } from '../../core/wallet-commands.js';
import { AppError } from '../../lib/app-error.js';
import type { Token } from '../tokens/repository.js';
import { requireVerifiedIdentity } from '../users/kyc-gate.js';
import { amountUnits } from '../wallets/service.js';
import { userDepositAddress } from './addresses.js';

const DEFAULT_TOKEN = 'USDT';
const rpcs = new Map<string, EvmRpc>();

/** The network's JSON-RPC client, or null when deposits there wait for an admin. */
export function rpcFor(ctx: AppContext, network: Network): EvmRpc | null {
  const url = ctx.config.chains[network].rpcUrl;
  if (!url) return null;
  const key = `${network} ${url}`;
  const rpc = rpcs.get(key) ?? createEvmRpc({ network, url });
  rpcs.set(key, rpc);
  return rpc;
}

/** What the chain says about a claim; an unreachable node means "not yet known", never a refusal. */
export async function askChain(
  ctx: AppContext,
  rpc: EvmRpc,
  userId: string,
  d: Pick<DepositRecord, 'network' | 'txHash' | 'senderAddress'> & { amount: string },
): Promise<DepositVerdict | null> {
  const tokens = ctx.core.tokens
    .all()
    .flatMap((t) =>
      t.networks
        .filter((n) => n.network === d.network)
        .map((n) => ({ tokenId: t.id, contract: n.contractAddress, decimals: n.decimals })),
    );
  try {
    return await verifyDeposit(rpc, {
      txHash: d.txHash,
      sender: d.senderAddress,
      recipient: await userDepositAddress(ctx, userId, d.network),
      amount: d.amount,
      tokens,
      requiredConfirmations: ctx.config.chains[d.network].confirmations,
    });
  } catch (error) {
    if (error instanceof EvmRpcError) return null;
    throw error;
  }
}

function depositToken(
  ctx: AppContext,
  tokenId: string | undefined | null,
  network: Network,
): Token {
  const token = ctx.core.tokens.get(tokenId ?? DEFAULT_TOKEN);
  if (!token.networks.some((n) => n.network === network)) {
    throw new AppError(400, 'BAD_REQUEST', `${token.shortName} cannot be deposited on ${network}`);
  }
  return token;
}

/** Ledger units of a deposit amount: as precise as the token is on that network. */
function depositUnits(token: Token, network: Network, amount: string | number): bigint {
  const decimals = token.networks.find((n) => n.network === network)?.decimals ?? token.decimals;
  return amountUnits(amount, Math.min(18, decimals));
}

/**
 * Verifies a deposit on chain when the network has an RPC endpoint: credited at once when it has
 * its confirmations, pending (re-checked in the background) when not yet. Without an endpoint the
 * claim waits for an admin. Every refusal says why.
 */
export async function submitDeposit(
  ctx: AppContext,
  userId: string,
  body: DepositRequest,
): Promise<DepositRecord> {
  await requireVerifiedIdentity(ctx, userId);
  const network = body.network;
  const base = {
    userId,
    network,
    senderAddress: body.sender_address.toLowerCase(),
    txHash: body.transaction_hash.toLowerCase(),
  };
  const rpc = rpcFor(ctx, network);
  // A JSON number as exact decimal text: String(0.0000005) is "5e-7", which no chain amount equals.
  const exact = parseAmount(body.amount);
  const amount = exact === null ? String(body.amount) : formatAmount(exact);
  const verdict = rpc && (await askChain(ctx, rpc, userId, { ...base, amount }));
  if (verdict?.status === 'rejected')
    throw new AppError(400, 'DEPOSIT_REJECTED', verdict.message, { reason: verdict.reason });
  const known = verdict?.status === 'confirmed' || verdict?.status === 'pending' ? verdict : null;
  const token = depositToken(ctx, known?.tokenId ?? body.token_id, network);
  const claim = {
    ...base,
    tokenId: token.id,
    logIndex: known?.logIndex ?? -1,
    amount: depositUnits(token, network, body.amount),
  };
  return ctx.core.sequencer.submit(claimDeposit(claim, verdict?.status === 'confirmed'));
}
