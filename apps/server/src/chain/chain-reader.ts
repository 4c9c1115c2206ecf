import {
  createPublicClient,
  erc20Abi,
  http,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';

/** A mined transaction as the custody tools need it. */
export interface MinedTx {
  status: 'success' | 'reverted';
  blockNumber: number;
  /** Gas used × the price paid, in wei. */
  fee: bigint;
}

/**
 * The chain reads and sends of the online custody tools (`sweep-plan`, `broadcast`): balances,
 * nonces, gas, raw transactions. Never imported by the offline signer.
 */
export class ChainReader {
  private readonly client: PublicClient;

  constructor(url: string) {
    this.client = createPublicClient({
      cacheTime: 0,
      transport: http(url, { timeout: 30_000, retryCount: 2 }),
    });
  }

  chainId = () => this.client.getChainId();
  blockNumber = async () => Number(await this.client.getBlockNumber());
  gasPrice = () => this.client.getGasPrice();

  nonce(address: string, blockTag: 'pending' | 'latest' = 'pending'): Promise<number> {
    return this.client.getTransactionCount({ address: address as Address, blockTag });
  }

  nativeBalance(address: string): Promise<bigint> {
    return this.client.getBalance({ address: address as Address });
  }

  tokenBalance(contract: string, owner: string): Promise<bigint> {
    return this.client.readContract({
      address: contract as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner as Address],
    });
  }

  /** Gas of `from`'s ERC-20 transfer of `units` to `to`. */
  tokenTransferGas(contract: string, from: string, to: string, units: bigint): Promise<bigint> {
    return this.client.estimateContractGas({
      address: contract as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, units],
      account: from as Address,
    });
  }

  /** Sends a signed transaction; one the node already has is no error. */
  async send(rawTx: string): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: rawTx as Hex });
    } catch (err) {
      const text = String((err as { details?: string }).details ?? (err as Error).message);
      if (/already known|already imported|known transaction/i.test(text)) return;
      throw err;
    }
  }

  /** The transaction's receipt, or null while it is not mined. */
  async mined(hash: string): Promise<MinedTx | null> {
    try {
      const r = await this.client.getTransactionReceipt({ hash: hash as Hex });
      return {
        status: r.status,
        blockNumber: Number(r.blockNumber),
        fee: r.gasUsed * r.effectiveGasPrice,
      };
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }
}
