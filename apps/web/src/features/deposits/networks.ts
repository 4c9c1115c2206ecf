import type { Network } from '@exchange/contracts';

/** The network the Deposit Funds dialog starts on. */
export const DEFAULT_DEPOSIT_NETWORK: Network = 'ethereum';
