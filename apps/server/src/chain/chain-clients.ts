import type { FastifyBaseLogger } from 'fastify';
import { createEvmRpc, EvmRpcError, type EvmRpc } from './evm-rpc.js';
import type { EvmNetwork } from './networks.js';

export interface ChainEndpoint {
  rpcUrl: string | null;
  /** The EIP-155 chain id the endpoint must serve. */
  chainId: number;
}

/** How long a network whose endpoint served another chain stays unavailable before it is asked again. */
const WRONG_CHAIN_RECHECK_MS = 60_000;

interface Client {
  rpc: EvmRpc;
  verified: boolean;
  wrongChainUntil: number;
}

/**
 * One JSON-RPC client per network with an endpoint, used only once the endpoint has shown that it
 * serves the expected chain: a testnet behind the mainnet URL must never credit a deposit. Until
 * then the network is unavailable and its deposits wait for an admin.
 */
export class ChainClients {
  private readonly clients = new Map<EvmNetwork, Client>();

  constructor(
    private readonly endpoints: Readonly<Record<EvmNetwork, ChainEndpoint>>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /**
   * The network's client, or null when deposits there wait for an admin: no endpoint, or one that
   * serves another chain. Throws `EvmRpcError` while the node cannot say which chain it serves.
   */
  async verified(network: EvmNetwork): Promise<EvmRpc | null> {
    const client = this.client(network);
    if (!client) return null;
    if (client.verified) return client.rpc;
    if (client.wrongChainUntil > this.now().getTime()) return null;
    const expected = this.endpoints[network].chainId;
    const served = await client.rpc.chainId();
    if (served === expected) {
      client.verified = true;
      return client.rpc;
    }
    client.wrongChainUntil = this.now().getTime() + WRONG_CHAIN_RECHECK_MS;
    this.log.error(
      { network, served, expected },
      'RPC endpoint serves another chain: deposits on this network wait for an admin',
    );
    return null;
  }

  /**
   * The network's verified client, or null when deposits there wait for an admin (no endpoint, or
   * one serving another chain) or the node cannot be reached now: "not yet known", never a verdict.
   * The bank rail (rupees) has no chain: always null.
   */
  async reachable(network: EvmNetwork | 'bank'): Promise<EvmRpc | null> {
    if (network === 'bank') return null;
    try {
      return await this.verified(network);
    } catch (error) {
      if (error instanceof EvmRpcError) return null;
      throw error;
    }
  }

  private client(network: EvmNetwork): Client | null {
    const url = this.endpoints[network].rpcUrl;
    if (!url) return null;
    let client = this.clients.get(network);
    if (!client) {
      client = { rpc: createEvmRpc({ network, url }), verified: false, wrongChainUntil: 0 };
      this.clients.set(network, client);
    }
    return client;
  }
}
