import type { Network } from '@exchange/contracts';

/** How each network is named to people (as spec section 2's deposit warning names them). */
export const NETWORK_LABELS: Record<Network, string> = {
  ethereum: 'Ethereum (ETH)',
  bsc: 'Binance Smart Chain (BSC)',
  polygon: 'Polygon',
};
