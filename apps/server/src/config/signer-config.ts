import {
  EVM_NETWORKS,
  expectedChainIdFor,
  hotWalletKeyFor,
  rpcUrlFor,
  type EvmNetwork,
} from '../chain/networks.js';
import { positive, usdtUnits } from './amount-settings.js';

/** What the signer signs at most, and when one admin's approval is enough. */
export interface SignerLimits {
  /** The value above which two admins must approve (WITHDRAWAL_SECOND_APPROVAL_USDT). */
  secondApprovalUsdt: bigint;
  hourUsdt: bigint;
  dayUsdt: bigint;
  hourTransfers: number;
  dayTransfers: number;
}

/** The hot wallet's signer (README, "Custody": the policy signer). */
export interface SignerConfig {
  /**
   * `SIGNER_URL`: where the server asks the signer (`npm run signer`), and then it reads no hot
   * wallet key at all. Unset: the signer runs inside the server with the keys given to it
   * (development and tests; refused in production).
   */
  url: string | null;
  /** `SIGNER_HOST` and `SIGNER_PORT`: where the signer process listens (127.0.0.1:4100). */
  host: string;
  port: number;
  /** `SIGNER_KEY_DIR`: the signer's own folder of `<network>-hot-wallet-key` files. */
  keyDir: string | null;
  /** What it signs at most (`SIGNER_LIMIT_USDT_PER_HOUR` …), the four-eyes threshold with them. */
  limits: SignerLimits;
}

export function signerConfig(env: NodeJS.ProcessEnv): SignerConfig {
  const count = (name: string, fallback: number) => {
    const n = positive(name, env[name], fallback);
    if (!Number.isSafeInteger(n)) throw new Error(`${name} must be a whole number`);
    return n;
  };
  const url = env.SIGNER_URL?.trim() || null;
  if (url && !/^https?:\/\/[^/]+\/?$/.test(url))
    throw new Error('SIGNER_URL must be the signer’s address, such as http://127.0.0.1:4100');
  return {
    url: url?.replace(/\/$/, '') ?? null,
    host: env.SIGNER_HOST?.trim() || '127.0.0.1',
    port: count('SIGNER_PORT', 4100),
    keyDir: env.SIGNER_KEY_DIR?.trim() || null,
    limits: {
      secondApprovalUsdt: usdtUnits(env, 'WITHDRAWAL_SECOND_APPROVAL_USDT', '1000'),
      hourUsdt: usdtUnits(env, 'SIGNER_LIMIT_USDT_PER_HOUR', '50000'),
      dayUsdt: usdtUnits(env, 'SIGNER_LIMIT_USDT_PER_DAY', '250000'),
      hourTransfers: count('SIGNER_LIMIT_TRANSFERS_PER_HOUR', 60),
      dayTransfers: count('SIGNER_LIMIT_TRANSFERS_PER_DAY', 500),
    },
  };
}

/** What the signer process (`npm run signer`) reads: its database, chains and keys. */
export interface SignerProcessConfig extends SignerConfig {
  databaseUrl: string;
  chains: { network: EvmNetwork; rpcUrl: string; chainId: number; key: string | null }[];
}

/**
 * The signer process's settings: `DATABASE_URL` (PostgreSQL: the server's embedded database is
 * its own process's), each network's RPC endpoint and chain id, and its keys
 * (`<NETWORK>_HOT_WALLET_KEY`, else `SIGNER_KEY_DIR/<network>-hot-wallet-key`).
 */
export function signerProcessConfig(env: NodeJS.ProcessEnv = process.env): SignerProcessConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (!databaseUrl)
    throw new Error('The signer needs DATABASE_URL: the server’s PostgreSQL database');
  const chains = EVM_NETWORKS.flatMap((network) => {
    const rpcUrl = rpcUrlFor(env, network);
    if (!rpcUrl) return [];
    const chainId = expectedChainIdFor(env, network);
    return [{ network, rpcUrl, chainId, key: hotWalletKeyFor(env, network) }];
  });
  return { ...signerConfig(env), url: null, databaseUrl, chains };
}
