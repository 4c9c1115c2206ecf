import { NETWORKS, type Network, type Rail, type TokenNetwork } from '@exchange/contracts';

/** How each network is named to people (as spec section 2's deposit warning names them). */
export const NETWORK_LABELS: Record<Network, string> = {
  ethereum: 'Ethereum (ETH)',
  bsc: 'Binance Smart Chain (BSC)',
  polygon: 'Polygon',
};

/** A deposit's or withdrawal's rail as people read it: a network, or the bank (rupees). */
export const railName = (rail: Rail) =>
  rail === 'bank' ? 'Bank (UPI/IMPS/NEFT)' : NETWORK_LABELS[rail];

/** The networks a coin is listed on, in the order of NETWORKS, as select options. */
export const networkOptions = (listed: readonly TokenNetwork[]) =>
  NETWORKS.filter((n) => listed.some((l) => l.network === n)).map((n) => ({
    value: n,
    label: NETWORK_LABELS[n],
  }));

/** "Ethereum (ETH), Binance Smart Chain (BSC) or Polygon": the networks named in a sentence. */
export const networkNames = (networks: readonly Network[]) => {
  const names = networks.map((n) => NETWORK_LABELS[n]);
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
};
