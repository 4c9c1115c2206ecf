/** The EVM networks users can deposit from (decisions.md: ethereum, bsc, polygon). */
export const EVM_NETWORKS = ['ethereum', 'bsc', 'polygon'] as const;

export type EvmNetwork = (typeof EVM_NETWORKS)[number];

export interface EvmNetworkInfo {
  network: EvmNetwork;
  displayName: string;
  nativeSymbol: string;
  /** EIP-155 chain id: a configured RPC endpoint must serve this chain, or it verifies nothing. */
  chainId: number;
  /**
   * Blocks (including the one holding the transaction) before a deposit is credited.
   * - ethereum 12 (~2.5 min): no reorg deeper than a couple of blocks since the merge; full
   *   finality (two epochs, ~64-95 blocks) is an override away for the cautious operator.
   * - bsc 15 (~15 s at sub-second blocks): Parlia's classic "2/3 of the 21 validators + 1" rule.
   * - polygon 64 (~2 min at 2 s blocks): Polygon PoS has had reorgs of dozens of blocks (157 in
   *   2023), so it gets the deepest margin.
   */
  defaultConfirmations: number;
}

export const NETWORK_INFO: Readonly<Record<EvmNetwork, EvmNetworkInfo>> = {
  ethereum: {
    network: 'ethereum',
    displayName: 'Ethereum',
    nativeSymbol: 'ETH',
    chainId: 1,
    defaultConfirmations: 12,
  },
  bsc: {
    network: 'bsc',
    displayName: 'BNB Smart Chain',
    nativeSymbol: 'BNB',
    chainId: 56,
    defaultConfirmations: 15,
  },
  polygon: {
    network: 'polygon',
    displayName: 'Polygon',
    nativeSymbol: 'POL',
    chainId: 137,
    defaultConfirmations: 64,
  },
};

type Env = Readonly<Record<string, string | undefined>>;

export function isEvmNetwork(value: string): value is EvmNetwork {
  return (EVM_NETWORKS as readonly string[]).includes(value);
}

/** `<NETWORK>_RPC_URL`, or null: deposits on that network then wait for an admin. */
export function rpcUrlFor(env: Env, network: EvmNetwork): string | null {
  return env[`${envPrefix(network)}_RPC_URL`]?.trim() || null;
}

/** `<NETWORK>_CHAIN_ID` if set (a test network's endpoint), else the network's own EIP-155 id. */
export function expectedChainIdFor(env: Env, network: EvmNetwork): number {
  const name = `${envPrefix(network)}_CHAIN_ID`;
  const raw = env[name]?.trim();
  if (!raw) return NETWORK_INFO[network].chainId;
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new Error(`${name} must be a positive integer`);
  return Number(raw);
}

/** `<NETWORK>_CONFIRMATIONS` if set (a positive integer), else the network's default. */
export function requiredConfirmationsFor(env: Env, network: EvmNetwork): number {
  const name = `${envPrefix(network)}_CONFIRMATIONS`;
  const raw = env[name]?.trim();
  if (!raw) return NETWORK_INFO[network].defaultConfirmations;
  // Fail at start-up rather than credit deposits on a misread setting.
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw new Error(`${name} must be a positive integer`);
  return Number(raw);
}

/**
 * `<NETWORK>_HOT_WALLET_KEY`, the private key of the wallet that pays withdrawals out on that
 * network (0x and 64 hex digits), or null: admins pay out elsewhere and enter the hash.
 */
export function hotWalletKeyFor(env: Env, network: EvmNetwork): string | null {
  const name = `${envPrefix(network)}_HOT_WALLET_KEY`;
  const raw = env[name]?.trim();
  if (!raw) return null;
  return checkHotWalletKey(raw, name);
}

/** A private key as the hot wallet takes it, or a start-up error naming where it came from. */
export function checkHotWalletKey(raw: string, source: string): string {
  const key = raw.startsWith('0x') ? raw : `0x${raw}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error(`${source} must be a private key: 64 hex digits, with or without 0x`);
  return key.toLowerCase();
}

/** The key file read when `<NETWORK>_HOT_WALLET_KEY` is unset: `DATA_DIR/secrets/<file>`. */
export const hotWalletKeyFile = (network: EvmNetwork) => `${network}-hot-wallet-key`;

function envPrefix(network: EvmNetwork): string {
  return network.toUpperCase();
}
