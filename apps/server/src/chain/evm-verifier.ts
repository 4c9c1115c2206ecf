import { WALLET_MESSAGES as W } from '@exchange/contracts';
import { sameAddress } from './evm-address.js';
import type { EvmRpc, EvmTransaction } from './evm-rpc.js';
import { parseTokenAmount } from './token-amount.js';
import { decodeTransferCall, transfersOf, type ChainTransfer } from './transfers.js';

export interface ListedToken {
  tokenId: string;
  /** null: the network's native coin. */
  contract: string | null;
  decimals: number;
}

export interface DepositClaim {
  txHash: string;
  sender: string;
  /** The user's own deposit address on this network. */
  recipient: string;
  /** Decimal string as the user typed it. */
  amount: string;
  tokens: ListedToken[];
  requiredConfirmations: number;
}

export type DepositRejection =
  | 'NOT_FOUND'
  | 'FAILED'
  | 'WRONG_RECIPIENT'
  | 'WRONG_SENDER'
  | 'WRONG_TOKEN'
  | 'AMOUNT_MISMATCH'
  | 'INVALID_HASH';

export type DepositVerdict =
  | {
      status: 'confirmed';
      tokenId: string;
      /** -1 for a native transfer. (network, txHash, logIndex) identifies the deposit. */
      logIndex: number;
      blockNumber: number;
      amountUnits: bigint;
    }
  | {
      status: 'pending';
      confirmations: number;
      required: number;
      /** null only while the transaction is unmined and its input does not name the token. */
      tokenId: string | null;
      /** null only while the transaction is unmined and the transfer is an ERC-20 event. */
      logIndex: number | null;
    }
  | { status: 'rejected'; reason: DepositRejection; message: string };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The contracts' texts, so a refusal kept on a deposit is worded in its owner's language. */
const MESSAGES: Record<Exclude<DepositRejection, 'NOT_FOUND'>, string> = {
  INVALID_HASH: W.depositHashInvalid,
  FAILED: W.depositFailed,
  WRONG_RECIPIENT: W.depositWrongRecipient,
  WRONG_SENDER: W.depositWrongSender,
  WRONG_TOKEN: W.depositWrongToken,
  AMOUNT_MISMATCH: W.depositAmountMismatch,
};

/**
 * Checks a user's deposit claim against the chain. Business outcomes are returned verdicts;
 * an unreachable or misbehaving node throws `EvmRpcError`, and the claim should be retried.
 * "Never credited before" is the caller's check, on (network, txHash, logIndex).
 */
export async function verifyDeposit(
  rpc: Pick<EvmRpc, 'network' | 'getTransaction' | 'getTransactionReceipt' | 'blockNumber'>,
  claim: DepositClaim,
): Promise<DepositVerdict> {
  const required = claim.requiredConfirmations;
  // A NaN here would compare as "enough" and credit an unconfirmed deposit.
  if (!Number.isSafeInteger(required) || required < 1) {
    throw new RangeError('requiredConfirmations must be a positive integer');
  }
  if (!TX_HASH.test(claim.txHash)) return reject('INVALID_HASH');
  const [tx, receipt, latest] = await Promise.all([
    rpc.getTransaction(claim.txHash),
    rpc.getTransactionReceipt(claim.txHash),
    rpc.blockNumber(),
  ]);
  if (tx === null) {
    return {
      status: 'rejected',
      reason: 'NOT_FOUND',
      message: `Transaction not found on ${rpc.network}`,
    };
  }
  if (receipt === null) {
    const seen = unmined(tx, claim);
    if (seen === 'WRONG_RECIPIENT') return reject(seen);
    return { status: 'pending', confirmations: 0, required, ...seen };
  }
  if (receipt.status === 'reverted') return reject('FAILED');

  const match = matchTransfer(transfersOf(tx, receipt), claim);
  if ('reason' in match) return match.reason === 'NONE' ? nothingReceived() : reject(match.reason);
  const { token, transfer } = match;
  // Clamped: behind a load balancer the block-number answer can come from a node a block behind.
  const confirmations = Math.max(0, latest - receipt.blockNumber + 1);
  if (confirmations < required) {
    return {
      status: 'pending',
      confirmations,
      required,
      tokenId: token.tokenId,
      logIndex: transfer.logIndex,
    };
  }
  return {
    status: 'confirmed',
    tokenId: token.tokenId,
    logIndex: transfer.logIndex,
    blockNumber: receipt.blockNumber,
    amountUnits: transfer.units,
  };
}

type TransferRejection = 'WRONG_RECIPIENT' | 'WRONG_TOKEN' | 'WRONG_SENDER' | 'AMOUNT_MISMATCH';
type Match =
  { token: ListedToken; transfer: ChainTransfer } | { reason: TransferRejection | 'NONE' };

/** Checks run in this order; failing a later one means the transfer came closer to the claim. */
const SPECIFICITY: Record<TransferRejection, number> = {
  WRONG_RECIPIENT: 0,
  WRONG_TOKEN: 1,
  WRONG_SENDER: 2,
  AMOUNT_MISMATCH: 3,
};

/**
 * The transfer the claim describes. Otherwise the rejection of the transfer that came closest,
 * so the most specific reason wins: a transfer that reached the user's address in an unlisted
 * token is WRONG_TOKEN, a listed token sent elsewhere WRONG_RECIPIENT.
 */
function matchTransfer(transfers: ChainTransfer[], claim: DepositClaim): Match {
  let closest: TransferRejection | null = null;
  for (const transfer of transfers) {
    const token = claim.tokens.find((t) =>
      transfer.contract === null ? t.contract === null : sameAddress(t.contract, transfer.contract),
    );
    const failure = firstFailure(transfer, token, claim);
    if (failure === null && token !== undefined) return { token, transfer };
    if (failure !== null && (closest === null || SPECIFICITY[failure] > SPECIFICITY[closest])) {
      closest = failure;
    }
  }
  return { reason: closest ?? 'NONE' };
}

function firstFailure(
  transfer: ChainTransfer,
  token: ListedToken | undefined,
  claim: DepositClaim,
): TransferRejection | null {
  if (!sameAddress(transfer.to, claim.recipient)) return 'WRONG_RECIPIENT';
  if (token === undefined) return 'WRONG_TOKEN';
  if (!sameAddress(transfer.from, claim.sender)) return 'WRONG_SENDER';
  // Exact, in base units; an amount the token cannot represent parses to null and never matches.
  if (parseTokenAmount(claim.amount, token.decimals) !== transfer.units) return 'AMOUNT_MISMATCH';
  return null;
}

/**
 * What an unmined transaction will move, as far as its own fields tell. A plain coin transfer or
 * a listed token's `transfer` to another address is refused at once, so nobody watching the
 * mempool can claim (and so block) a deposit that is not theirs.
 */
function unmined(
  tx: EvmTransaction,
  claim: DepositClaim,
): { tokenId: string | null; logIndex: number | null } | 'WRONG_RECIPIENT' {
  const native = claim.tokens.find((t) => t.contract === null);
  if (tx.value > 0n && native && (tx.input === '0x' || tx.input === '')) {
    if (!sameAddress(tx.to, claim.recipient)) return 'WRONG_RECIPIENT';
    return { tokenId: native.tokenId, logIndex: -1 };
  }
  const token = claim.tokens.find((t) => sameAddress(t.contract, tx.to));
  const call = token ? decodeTransferCall(tx.input) : null;
  if (token && call) {
    if (!sameAddress(call.to, claim.recipient)) return 'WRONG_RECIPIENT';
    return { tokenId: token.tokenId, logIndex: null };
  }
  if (tx.value > 0n && native) return { tokenId: native.tokenId, logIndex: -1 };
  return { tokenId: null, logIndex: null };
}

function reject(reason: Exclude<DepositRejection, 'NOT_FOUND'>): DepositVerdict {
  return { status: 'rejected', reason, message: MESSAGES[reason] };
}

function nothingReceived(): DepositVerdict {
  return {
    status: 'rejected',
    reason: 'WRONG_RECIPIENT',
    message: W.depositNothingReceived,
  };
}
