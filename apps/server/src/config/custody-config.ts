import { EVM_NETWORKS, rpcUrlFor, type EvmNetwork } from '../chain/networks.js';
import { decimalSetting } from './amount-settings.js';

/** Where each network's coins are kept, tier by tier (README, "Custody"). */
export interface CustodyAddresses {
  /** `<NETWORK>_COLD_ADDRESSES`: the first receives sweeps; all count in the reserves. */
  cold: string[];
  /** `<NETWORK>_GAS_ADDRESS`: pays the gas of ERC-20 sweeps (m/44'/60'/0'/1/0 of the mnemonic). */
  gas: string | null;
  /** `<NETWORK>_HOT_WALLET_ADDRESS`: where sweeps fill the hot wallet up to its target. */
  hot: string | null;
}

export interface CustodyConfig {
  networks: Record<EvmNetwork, CustodyAddresses>;
  /** `HOT_WALLET_TARGET_<SYMBOL>`: token units a sweep fills the hot wallet up to (decimal text). */
  hotTargets: Record<string, string>;
  /** `SWEEP_DUST_<SYMBOL>`: balances at or below it stay on their deposit address (decimal text). */
  sweepDust: Record<string, string>;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function address(name: string, raw: string): string {
  if (!ADDRESS.test(raw)) throw new Error(`${name} must hold EVM addresses (0x and 40 hex digits)`);
  return raw.toLowerCase();
}

function bySymbol(env: NodeJS.ProcessEnv, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of Object.keys(env)) {
    const m = new RegExp(`^${prefix}([A-Z0-9]+)$`).exec(name);
    if (m) found[m[1] as string] = decimalSetting(env, name, '0');
  }
  return found;
}

export function custodyConfig(env: NodeJS.ProcessEnv): CustodyConfig {
  const networks = Object.fromEntries(
    EVM_NETWORKS.map((n) => {
      const prefix = n.toUpperCase();
      const read = (suffix: string) => env[`${prefix}_${suffix}`]?.trim() || null;
      const cold = (read('COLD_ADDRESSES') ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .map((a) => address(`${prefix}_COLD_ADDRESSES`, a));
      const gas = read('GAS_ADDRESS');
      const hot = read('HOT_WALLET_ADDRESS');
      return [
        n,
        {
          cold,
          gas: gas && address(`${prefix}_GAS_ADDRESS`, gas),
          hot: hot && address(`${prefix}_HOT_WALLET_ADDRESS`, hot),
        },
      ];
    }),
  ) as Record<EvmNetwork, CustodyAddresses>;
  return {
    networks,
    hotTargets: bySymbol(env, 'HOT_WALLET_TARGET_'),
    sweepDust: bySymbol(env, 'SWEEP_DUST_'),
  };
}

/**
 * The `<NETWORK>_RPC_URL` settings given: the offline signer (`npm run custody -- sign`) refuses
 * to run while any is, since a machine configured to reach a chain is not offline.
 */
export function configuredRpcSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  return EVM_NETWORKS.filter((n) => rpcUrlFor(env, n) !== null).map(
    (n) => `${n.toUpperCase()}_RPC_URL`,
  );
}
