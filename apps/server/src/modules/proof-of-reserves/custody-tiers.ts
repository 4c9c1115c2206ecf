import type { EvmNetwork } from '../../chain/networks.js';
import type { AppContext } from '../../context.js';

export type CustodyTier = 'deposit' | 'hot' | 'cold';

/**
 * The exchange's addresses on `network` by tier, each address in one tier only (the first that
 * names it), lower case: the deposit addresses and the gas address that pays their sweeps (one
 * offline mnemonic spends both); the hot wallet (the payouts' signer, or `<NETWORK>_HOT_WALLET_ADDRESS`);
 * the cold addresses (`<NETWORK>_COLD_ADDRESSES`).
 */
export function custodyTiers(
  ctx: AppContext,
  network: EvmNetwork,
  depositAddresses: string[],
): Record<CustodyTier, string[]> {
  const custody = ctx.config.custody.networks[network];
  const seen = new Set<string>();
  const only = (addresses: (string | null | undefined)[]) =>
    addresses.flatMap((a) => {
      const lower = a?.toLowerCase();
      if (!lower || seen.has(lower)) return [];
      seen.add(lower);
      return [lower];
    });
  return {
    deposit: only([...depositAddresses, custody.gas]),
    hot: only([ctx.payouts.wallet(network)?.address, custody.hot]),
    cold: only(custody.cold),
  };
}
