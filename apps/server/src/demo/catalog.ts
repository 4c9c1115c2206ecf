import type { TokenNetwork } from '../core/tokens.js';

/** A coin of the demo market: what is listed, where it lives on chain, and how it trades. */
export interface DemoCoin {
  shortName: string;
  name: string;
  /** Display precision of amounts. */
  decimals: number;
  /** ERC-20 / BEP-20 contracts where the coin really has one; null for a network's native coin. */
  networks: TokenNetwork[];
  /** Reference price in USDT: the last historical close and where the market maker starts. */
  price: number;
  tickSize: string;
  lotSize: string;
  /** Typical value of one order book level, in USDT. */
  levelUsd: number;
  /** Price volatility relative to bitcoin's. */
  volatility: number;
  /**
   * Units of the pair's quote coin a US dollar buys: 1 on USDT pairs, the rupee rate on INR pairs,
   * whose `price` and `levelUsd` are then in rupees.
   */
  quotePerUsd?: number;
  /** The pair's minimum order value in its quote coin; DEMO_MIN_NOTIONAL when absent. */
  minNotional?: string;
}

export const QUOTE_COIN: DemoCoin = {
  shortName: 'USDT',
  name: 'Tether USD',
  decimals: 6,
  networks: [
    erc20('ethereum', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
    erc20('bsc', '0x55d398326f99059fF775485246999027B3197955', 18),
    erc20('polygon', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  ],
  price: 1,
  tickSize: '0.0001',
  lotSize: '0.01',
  levelUsd: 0,
  volatility: 0,
};

type CoinRow = [
  shortName: string,
  name: string,
  price: number,
  tickSize: string,
  lotSize: string,
  levelUsd: number,
  volatility: number,
  networks: TokenNetwork[],
];

/** Well-known coins at realistic reference prices, with Binance-like tick and lot sizes. */
// prettier-ignore
const COINS: CoinRow[] = [
  ['BTC', 'Bitcoin', 97_000, '0.01', '0.00001', 2500, 1, [
    erc20('bsc', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 18),
    erc20('polygon', '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 8),
  ]],
  ['ETH', 'Ethereum', 3_400, '0.01', '0.0001', 2000, 1.2, [
    native('ethereum'),
    erc20('bsc', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 18),
    erc20('polygon', '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18),
  ]],
  ['BNB', 'BNB', 650, '0.01', '0.001', 1200, 1.1, [
    native('bsc'),
    erc20('ethereum', '0xB8c77482e45F1F44dE1745F52C74426C631bDD52', 18),
  ]],
  ['SOL', 'Solana', 190, '0.01', '0.001', 1200, 1.5, []],
  ['XRP', 'XRP', 2.3, '0.0001', '0.1', 900, 1.5, [
    erc20('bsc', '0x1D2F0da169ceB9fC7B3144628dB156f3F6c60dBE', 18),
  ]],
  ['ADA', 'Cardano', 0.85, '0.0001', '0.1', 600, 1.5, [
    erc20('bsc', '0x3EE2200Efb3400fAbB9AacF31297cBdD1d435D47', 18),
  ]],
  ['DOGE', 'Dogecoin', 0.32, '0.00001', '1', 700, 1.8, [
    erc20('bsc', '0xbA2aE424d960c26247Dd6c32edC70B295c744C43', 8),
  ]],
  ['TRX', 'TRON', 0.25, '0.00001', '1', 500, 1, []],
  ['TON', 'Toncoin', 5.4, '0.001', '0.01', 500, 1.4, []],
  ['DOT', 'Polkadot', 6.8, '0.001', '0.01', 500, 1.5, [
    erc20('bsc', '0x7083609fCE4d1d8Dc0C979AAb8c869Ea2C873402', 18),
  ]],
  ['POL', 'Polygon', 0.45, '0.0001', '0.1', 400, 1.6, [
    native('polygon'),
    erc20('ethereum', '0x455e53CBB86018Ac2B8092FdCd39d8444aFFC3F6', 18),
  ]],
  ['LTC', 'Litecoin', 105, '0.01', '0.001', 600, 1.3, [
    erc20('bsc', '0x4338665CBB7B2485A8855A139b75D5e34AB0DB94', 18),
  ]],
  ['LINK', 'Chainlink', 22.5, '0.001', '0.01', 600, 1.5, [
    erc20('ethereum', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 18),
    erc20('bsc', '0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD', 18),
    erc20('polygon', '0x53E0bca35eC356BD5ddDFebbD1Fc0fD03FaBad39', 18),
  ]],
  ['AVAX', 'Avalanche', 38, '0.01', '0.01', 600, 1.6, [
    erc20('bsc', '0x1CE0c2827e2eF14D5C4f29a091d735A204794041', 18),
  ]],
  ['SHIB', 'Shiba Inu', 0.000022, '0.00000001', '1', 500, 1.9, [
    erc20('ethereum', '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE', 18),
    erc20('bsc', '0x2859e4544C4bB03966803b044A93563Bd2D0DD4D', 18),
  ]],
  ['UNI', 'Uniswap', 13, '0.001', '0.01', 400, 1.6, [
    erc20('ethereum', '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 18),
    erc20('bsc', '0xBf5140A22578168FD562DCcF235E5D43A02ce9B1', 18),
    erc20('polygon', '0xb33EaAd8d922B1083446DC23f610c2567fB5180f', 18),
  ]],
  ['ATOM', 'Cosmos', 6.5, '0.001', '0.01', 400, 1.4, [
    erc20('bsc', '0x0Eb3a705fc54725037CC9e008bDede697f62F335', 18),
  ]],
  ['XLM', 'Stellar', 0.42, '0.00001', '1', 400, 1.4, []],
  ['BCH', 'Bitcoin Cash', 450, '0.01', '0.001', 500, 1.3, [
    erc20('bsc', '0x8fF795a6F4D97E7887C79beA79aba5cc76444aDf', 18),
  ]],
  ['ETC', 'Ethereum Classic', 27, '0.001', '0.01', 400, 1.4, [
    erc20('bsc', '0x3d6545b08693daE087E957cb1180ee38B9e3c25E', 18),
  ]],
  ['FIL', 'Filecoin', 5.2, '0.001', '0.01', 300, 1.6, [
    erc20('bsc', '0x0D8Ce2A99Bb6e3B7Db580eD848240e4a0F9aE153', 18),
  ]],
  ['NEAR', 'NEAR Protocol', 5.1, '0.001', '0.1', 400, 1.6, [
    erc20('bsc', '0x1Fa4a73a3F0133f0025378af00236f3aBDEE5D63', 18),
  ]],
  ['AAVE', 'Aave', 320, '0.01', '0.001', 500, 1.6, [
    erc20('ethereum', '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 18),
    erc20('bsc', '0xfb6115445Bff7b52FeB98650C87f44907E58f802', 18),
    erc20('polygon', '0xD6DF932A45C0f255f85145f286eA0b292B21C90B', 18),
  ]],
  ['ARB', 'Arbitrum', 0.75, '0.0001', '0.1', 400, 1.7, [
    erc20('ethereum', '0xB50721BCf8d664c30412Cfbc6cf7a15145234ad1', 18),
  ]],
];

export const DEMO_COINS: readonly DemoCoin[] = COINS.map(
  ([shortName, name, price, tickSize, lotSize, levelUsd, volatility, networks]) => ({
    shortName,
    name,
    decimals: 8,
    networks,
    price,
    tickSize,
    lotSize,
    levelUsd,
    volatility,
  }),
);

/** Rupees a USDT buys in the demo market (the INR pairs' reference). */
export const DEMO_USDT_INR = 88;

/** The rupee: the funding wallet's fiat, quote of the INR pairs. */
export const INR_COIN: DemoCoin = {
  shortName: 'INR',
  name: 'Indian Rupee',
  decimals: 2,
  networks: [],
  price: 1 / DEMO_USDT_INR,
  tickSize: '0.01',
  lotSize: '0.01',
  levelUsd: 0,
  volatility: 0,
};

/** The INR pairs' base coins, priced in rupees (Indian exchanges' USDT/INR and BTC/INR). */
const inrPriced = (coin: DemoCoin, tickSize: string, volatility: number): DemoCoin => ({
  ...coin,
  price: Math.round(coin.price * DEMO_USDT_INR),
  tickSize,
  levelUsd: (coin.levelUsd || 2000) * DEMO_USDT_INR,
  volatility,
  quotePerUsd: DEMO_USDT_INR,
  minNotional: '100',
});

/** Binance's minimum order value on its USDT pairs. */
export const DEMO_MIN_NOTIONAL = '5';

const BTC = DEMO_COINS.find((c) => c.shortName === 'BTC') as DemoCoin;

/** The INR pairs: base coin priced in rupees. */
export const DEMO_INR_PAIRS: readonly DemoCoin[] = [
  inrPriced(QUOTE_COIN, '0.01', 0.05),
  inrPriced(BTC, '1', 1),
];

export const demoCoinBySymbol = new Map([
  ...DEMO_COINS.map((c) => [`${c.shortName}${QUOTE_COIN.shortName}`, c] as const),
  ...DEMO_INR_PAIRS.map((c) => [`${c.shortName}${INR_COIN.shortName}`, c] as const),
]);

function erc20(
  network: TokenNetwork['network'],
  contractAddress: string,
  decimals: number,
): TokenNetwork {
  return { network, contractAddress, decimals };
}

function native(network: TokenNetwork['network']): TokenNetwork {
  return { network, contractAddress: null, decimals: 18 };
}
