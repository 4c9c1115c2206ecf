import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JsonRpcServer } from 'hardhat/types/index.js';

export interface TxRequest {
  from: string;
  to?: string;
  value?: bigint;
  data?: string;
  /** Set it for a call that reverts: gas estimation would refuse to send it. */
  gas?: number;
}

/** A Hardhat 2 network in this process, served over JSON-RPC on 127.0.0.1 at a free port. */
export interface LocalChain {
  url: string;
  chainId: number;
  /** Unlocked, funded accounts. */
  accounts: string[];
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Sends and (with automine on) mines a transaction; returns its hash. */
  send(tx: TxRequest): Promise<string>;
  mine(blocks: number): Promise<void>;
  close(): Promise<void>;
}

const CHAIN_ID = 31337;

export async function startLocalChain(): Promise<LocalChain> {
  // Hardhat as a library reads its config from a file; keep it (and its cache) out of the repo.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chain-test-'));
  const config = path.join(dir, 'hardhat.config.cjs');
  const networks = {
    // Reverted transactions must be mined and reported, not thrown at the sender.
    hardhat: { chainId: CHAIN_ID, throwOnTransactionFailures: false, loggingEnabled: false },
  };
  await fs.writeFile(config, `module.exports = ${JSON.stringify({ networks })};\n`);
  process.env.HARDHAT_CONFIG = config;
  const hre = (await import('hardhat')).default;
  const server = (await hre.run('node:create-server', {
    hostname: '127.0.0.1',
    port: 0,
    provider: hre.network.provider,
  })) as JsonRpcServer;
  const { port } = await server.listen();
  const url = `http://127.0.0.1:${port}`;

  let id = 0;
  async function request<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const reply = (await response.json()) as { result?: T; error?: { message: string } };
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  }

  const quantity = (n: bigint | number) => `0x${n.toString(16)}`;
  return {
    url,
    chainId: CHAIN_ID,
    accounts: await request<string[]>('eth_accounts'),
    request,
    send: ({ from, to, value, data, gas }) =>
      request<string>('eth_sendTransaction', [
        {
          from,
          to,
          value: value === undefined ? undefined : quantity(value),
          data,
          gas: gas === undefined ? undefined : quantity(gas),
        },
      ]),
    mine: async (blocks) => {
      await request('hardhat_mine', [quantity(blocks)]);
    },
    close: async () => {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
