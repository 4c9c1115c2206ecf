import type { DepositRequest, DepositStatus, Network } from '@exchange/contracts';
import { EvmRpcError, type EvmRpc } from '../../chain/evm-rpc.js';
import { verifyDeposit, type DepositVerdict } from '../../chain/evm-verifier.js';
import { depositAddress } from '../../chain/hd-wallet.js';
import type { AppContext } from '../../context.js';
import { amountUnits, formatAmount, parseAmount } from '../../core/money.js';
import type { DepositRecord } from '../../core/records.js';
import type { Token } from '../../core/tokens.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { claimDeposit } from './commands.js';
import { toDepositDto } from './dto.js';
import {
  depositSlotOf,
  keepDepositAddress,
  slotsWithoutAddress,
  userDepositPage,
} from './repository.js';

/** The coin a deposit is in when the request names none (decision D21: the dialog sends it). */
const DEFAULT_TOKEN = 'USDT';

/**
 * The user's own deposit address on `network`, derived from the exchange's HD key (one address
 * serves every EVM network) and kept, so withdrawals can tell the exchange's addresses apart.
 */
export async function userDepositAddress(
  ctx: AppContext,
  userId: string,
  network: Network,
): Promise<string> {
  const slot = await depositSlotOf(ctx.db, userId);
  const address = depositAddress(ctx.hd, network, slot.hdIndex);
  if (slot.address === null) await keepDepositAddress(ctx.db, userId, address);
  return address;
}

/** Keeps the addresses of users who were given one before addresses were kept. */
export async function keepMissingDepositAddresses(ctx: AppContext): Promise<number> {
  const slots = await slotsWithoutAddress(ctx.db);
  for (const { userId, hdIndex } of slots)
    await keepDepositAddress(ctx.db, userId, depositAddress(ctx.hd, 'ethereum', hdIndex));
  return slots.length;
}

/** What the chain says about a claim; an unreachable node means "not yet known", never a refusal. */
export async function askChain(
  ctx: AppContext,
  rpc: EvmRpc,
  userId: string,
  d: Pick<DepositRecord, 'txHash' | 'senderAddress'> & { network: Network; amount: string },
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
    throw new AppError('BAD_REQUEST', said('notDepositableOn', token.shortName, network));
  }
  return token;
}

/** Ledger units of a deposit amount: as precise as the token is on that network. */
function depositUnits(token: Token, network: Network, amount: string | number): bigint {
  const decimals = token.networks.find((n) => n.network === network)?.decimals ?? token.decimals;
  return amountUnits(amount, decimals);
}

/**
 * Verifies a deposit on chain when the network has a verified RPC endpoint: credited at once when
 * it has its confirmations, pending (re-checked in the background) when not yet. Without one the
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
  const rpc = await ctx.chains.reachable(network);
  // A JSON number as exact decimal text: String(0.0000005) is "5e-7", which no chain amount equals.
  const exact = parseAmount(body.amount);
  const amount = exact === null ? String(body.amount) : formatAmount(exact);
  const verdict = rpc && (await askChain(ctx, rpc, userId, { ...base, amount }));
  if (verdict?.status === 'rejected')
    throw new AppError('DEPOSIT_REJECTED', verdict.message, { reason: verdict.reason });
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

/** The user's deposits as the API shows them, newest first. */
export async function depositHistory(
  ctx: AppContext,
  userId: string,
  page: Page,
  status?: DepositStatus,
) {
  const { records, total } = await userDepositPage(ctx.db, userId, page, status);
  const data = records.map((d) => toDepositDto(d, ctx.core.tokens.get(d.tokenId)));
  return { data, total };
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export {
  creditedDeposits,
  depositAddressOwners,
  findDeposit,
  isDepositAddress,
} from './repository.js';
