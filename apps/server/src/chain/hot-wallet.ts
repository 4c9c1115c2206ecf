import {
  BaseError,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { EvmNetwork } from './networks.js';

export interface TransferOrder {
  /** The token's contract; null pays the network's native coin. */
  contract: string | null;
  to: string;
  /** On-chain units. */
  units: bigint;
  /** At least this nonce: one past every payout this wallet signed that may not be mined yet. */
  minNonce: number;
}

export interface SignedTransfer {
  rawTx: string;
  txHash: string;
  nonce: number;
  from: string;
}

/** Where a sent transfer stands on chain. */
export type TransferState =
  | 'unseen'
  | 'confirming'
  | 'confirmed'
  | 'reverted'
  /** Its nonce was mined by another transaction: it can never be mined. */
  | 'replaced';

/** The node refused to sign or send the transfer: it would fail (or the wallet cannot pay for it). */
export class HotWalletRefusal extends Error {
  override readonly name = 'HotWalletRefusal';
}

/**
 * The exchange's hot wallet on one network as everyone but its signer sees it (viem): its
 * address, sending a transfer the signer signed (the signed transaction is kept before it is
 * sent, so a restart can send the same one again: its nonce can be mined once only), and where
 * one stands. Network failures are thrown as they are: retry later.
 */
export class ChainWallet {
  protected readonly client: PublicClient;

  constructor(
    readonly network: EvmNetwork,
    url: string,
    readonly address: Address,
  ) {
    // No cached block number: confirmations are counted against the head as it is now.
    this.client = createPublicClient({
      cacheTime: 0,
      transport: http(url, { timeout: 10_000, retryCount: 0 }),
    });
  }

  /** Sends a signed transfer; sending one the node already has (or mined) is harmless. */
  async send(rawTx: string): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: rawTx as Hex });
    } catch (err) {
      const text = shortReason(err).toLowerCase();
      if (text.includes('already known') || text.includes('nonce too low')) return;
      if (err instanceof BaseError && !isTransportError(err))
        throw new HotWalletRefusal(`the node refused the transfer: ${shortReason(err)}`);
      throw err;
    }
  }

  async state(txHash: string, nonce: number, confirmations: number): Promise<TransferState> {
    // The count first: a nonce already taken then, with no receipt for ours after, was taken by
    // another transaction (the other order could call ours replaced as it is being mined).
    const mined = await this.client.getTransactionCount({
      address: this.address,
      blockTag: 'latest',
    });
    try {
      const receipt = await this.client.getTransactionReceipt({ hash: txHash as Hex });
      const head = await this.client.getBlockNumber();
      if (head - receipt.blockNumber + 1n < BigInt(confirmations)) return 'confirming';
      return receipt.status === 'success' ? 'confirmed' : 'reverted';
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
    return mined > nonce ? 'replaced' : 'unseen';
  }
}

/** The hot wallet with its key: only the signer (modules/withdrawals/signer) holds one. */
export class HotWallet extends ChainWallet {
  private readonly account: PrivateKeyAccount;

  constructor(
    network: EvmNetwork,
    url: string,
    private readonly chainId: number,
    key: string,
  ) {
    const account = privateKeyToAccount(key as Hex);
    super(network, url, account.address);
    this.account = account;
  }

  async sign(order: TransferOrder): Promise<SignedTransfer> {
    const call = this.transferCall(order);
    const pending = await this.client.getTransactionCount({
      address: this.address,
      blockTag: 'pending',
    });
    const nonce = Math.max(pending, order.minNonce);
    let gas: bigint;
    try {
      gas = await this.client.estimateGas({ account: this.address, ...call });
    } catch (err) {
      throw new HotWalletRefusal(`the transfer would fail: ${shortReason(err)}`);
    }
    const fees = await this.fees();
    const rawTx = await this.account.signTransaction({
      ...call,
      ...fees,
      chainId: this.chainId,
      nonce,
      // A margin over the estimate: state may change a little before it is mined.
      gas: (gas * 6n) / 5n,
    });
    return { rawTx, txHash: keccak256(rawTx), nonce, from: this.address.toLowerCase() };
  }

  private transferCall({ contract, to, units }: TransferOrder) {
    if (contract === null) return { to: to as Address, value: units };
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, units],
    });
    return { to: contract as Address, data, value: 0n };
  }

  /** EIP-1559 fees where the chain has a base fee, else a legacy gas price. */
  private async fees() {
    const block = await this.client.getBlock();
    if (block.baseFeePerGas === null) {
      return { type: 'legacy' as const, gasPrice: await this.client.getGasPrice() };
    }
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas();
    return { type: 'eip1559' as const, maxFeePerGas, maxPriorityFeePerGas };
  }
}

function isTransportError(err: BaseError): boolean {
  return (
    err.walk(
      (e) => (e as Error).name === 'HttpRequestError' || (e as Error).name === 'TimeoutError',
    ) !== null
  );
}

/**
 * The node's own words (viem's `details`) or viem's summary, never the request viem adds to its
 * message: that may carry the endpoint's URL, which often holds an API key.
 */
function shortReason(err: unknown): string {
  if (err instanceof BaseError) return err.details || err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}
