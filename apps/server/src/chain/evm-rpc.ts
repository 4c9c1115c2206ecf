import { z } from 'zod';
import type { EvmNetwork } from './networks.js';

export interface EvmTransaction {
  hash: string;
  from: string;
  /** null for a contract creation. */
  to: string | null;
  value: bigint;
  input: string;
  /** null while the transaction waits in the mempool. */
  blockNumber: number | null;
}

export interface EvmLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: number;
}

export interface EvmReceipt {
  status: 'success' | 'reverted';
  blockNumber: number;
  logs: EvmLog[];
}

/** A log as `eth_getLogs` lists it: where it was mined too. */
export interface EvmBlockLog extends EvmLog {
  transactionHash: string;
  blockNumber: number;
}

export interface EvmBlock {
  number: number;
  hash: string;
  parentHash: string;
  transactions: EvmTransaction[];
}

/** The reads deposit verification, the deposit scanner and the reserves need from one network's node. */
export interface EvmRpc {
  readonly network: EvmNetwork;
  getTransaction(hash: string): Promise<EvmTransaction | null>;
  getTransactionReceipt(hash: string): Promise<EvmReceipt | null>;
  blockNumber(): Promise<number>;
  chainId(): Promise<number>;
  /** The block with its transactions; null when the node has no such block yet. */
  getBlock(number: number): Promise<EvmBlock | null>;
  /** Logs of `addresses` with `topic0` in blocks `from`..`to` inclusive. */
  getLogs(filter: {
    from: number;
    to: number;
    addresses: string[];
    topic0: string;
  }): Promise<EvmBlockLog[]>;
  /** The native coin balance of `address` at `block`. */
  getBalance(address: string, block: number): Promise<bigint>;
  /** `eth_call` at `block`: the raw return data. */
  call(to: string, data: string, block: number): Promise<string>;
}

/** The node could not answer (down, slow, malformed reply): retry later, never a verdict. */
export class EvmRpcError extends Error {
  override readonly name = 'EvmRpcError';
}

export interface EvmRpcOptions {
  network: EvmNetwork;
  url: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/)
  .transform((s) => BigInt(s));
const safeInteger = quantity.transform((n, ctx) => {
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) ctx.addIssue({ code: 'custom', message: 'too large' });
  return Number(n);
});
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

const transactionSchema = z.object({
  hash: hex,
  from: address,
  to: address.nullish().transform((v) => v ?? null),
  value: quantity,
  input: hex,
  blockNumber: safeInteger.nullish().transform((v) => v ?? null),
});

const logSchema = z.object({ address, topics: z.array(hex), data: hex, logIndex: safeInteger });

const receiptSchema = z.object({
  status: z.enum(['0x1', '0x0']).transform((s) => (s === '0x1' ? 'success' : 'reverted')),
  blockNumber: safeInteger,
  logs: z.array(logSchema),
});

const blockSchema = z.object({
  number: safeInteger,
  hash: hex,
  parentHash: hex,
  transactions: z.array(transactionSchema),
});

const blockLogSchema = logSchema.extend({ transactionHash: hex, blockNumber: safeInteger });

const quantityOf = (n: number) => `0x${n.toString(16)}`;

/**
 * A JSON-RPC client over fetch. Errors never include the URL: provider URLs usually carry an
 * API key in their path.
 */
export function createEvmRpc({ network, url, timeoutMs = 10_000 }: EvmRpcOptions): EvmRpc {
  let nextId = 1;
  async function call<T>(method: string, params: unknown[], schema: z.ZodType<T>): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new EvmRpcError(
        timedOut
          ? `${network} RPC ${method} timed out after ${timeoutMs} ms`
          : `${network} RPC ${method} failed: ${(err as Error).message}`,
      );
    }
    if (!response.ok) throw new EvmRpcError(`${network} RPC ${method}: HTTP ${response.status}`);
    const reply = (await response.json().catch(() => null)) as {
      result?: unknown;
      error?: { message?: unknown };
    } | null;
    if (reply?.error) {
      throw new EvmRpcError(`${network} RPC ${method}: ${String(reply.error.message)}`);
    }
    const parsed = schema.safeParse(reply?.result);
    if (!parsed.success) throw new EvmRpcError(`${network} RPC ${method}: malformed result`);
    return parsed.data;
  }

  return {
    network,
    getTransaction: (hash) =>
      call('eth_getTransactionByHash', [hash], transactionSchema.nullable()),
    getTransactionReceipt: (hash) =>
      call('eth_getTransactionReceipt', [hash], receiptSchema.nullable()),
    blockNumber: () => call('eth_blockNumber', [], safeInteger),
    chainId: () => call('eth_chainId', [], safeInteger),
    getBlock: (number) =>
      call('eth_getBlockByNumber', [quantityOf(number), true], blockSchema.nullable()),
    getLogs: ({ from, to, addresses, topic0 }) =>
      call(
        'eth_getLogs',
        [
          {
            fromBlock: quantityOf(from),
            toBlock: quantityOf(to),
            address: addresses,
            topics: [topic0],
          },
        ],
        z.array(blockLogSchema),
      ),
    getBalance: (owner, block) => call('eth_getBalance', [owner, quantityOf(block)], quantity),
    call: (to, data, block) => call('eth_call', [{ to, data }, quantityOf(block)], hex),
  };
}
