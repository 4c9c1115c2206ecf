import type { Network } from '@exchange/contracts';

/** How each deposit network is named to people (spec section 2's warning names them so). */
export const NETWORK_LABELS: Record<Network, string> = {
  ethereum: 'Ethereum (ETH)',
  bsc: 'Binance Smart Chain (BSC)',
  polygon: 'Polygon',
};

export const DEFAULT_DEPOSIT_NETWORK: Network = 'ethereum';
