import type { PairStatus, PriceAlertFired } from '@exchange/contracts';
import type { ColumnType, Generated } from 'kysely';

/** numeric(78, 0) ledger units (1e-18), read and written as strings. */
type Units = ColumnType<string, string, string>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type OrderStatus = 'open' | 'filled' | 'cancelled';

export interface PairsTable {
  id: Generated<string>;
  base_token_id: string;
  quote_token_id: string;
  /** Decimal strings, e.g. "0.01". */
  tick_size: string;
  lot_size: string;
  /** Smallest order value in the quote token, decimal string. */
  min_notional: ColumnType<string, string | undefined, string>;
  /** Fee rates as decimal fractions, e.g. "0.001" for 0.1%. */
  maker_fee: ColumnType<string, string | undefined, string>;
  taker_fee: ColumnType<string, string | undefined, string>;
  status: ColumnType<PairStatus, PairStatus | undefined, PairStatus>;
  symbol_origin: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  pair_id: string;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  price: Units | null;
  volume: Units;
  filled: Units;
  quote_filled: Units;
  fee: Units;
  /** TDS deducted from what the order received, in the same token as its fee. */
  tds: ColumnType<string, string | undefined, string>;
  held: Units;
  status: OrderStatus;
  cancel_reason: string | null;
  client_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A stop-limit order's stop price; null for any other order. */
  stop_price: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a stop-limit order's stop was crossed and it entered the book. */
  triggered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The other order of its OCO pair. */
  oco_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** Placed to rest only, never to take (Binance's LIMIT_MAKER). */
  post_only: ColumnType<boolean, boolean | undefined, boolean>;
  /** A market buy's quote budget (Binance's `quoteOrderQty`), ledger units; null otherwise. */
  quote_budget: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
}

export interface TradesTable {
  pair_id: string;
  id: string;
  price: Units;
  quantity: Units;
  quote_quantity: Units;
  taker_side: 'buy' | 'sell';
  maker_order_id: string;
  taker_order_id: string;
  maker_fee: Units;
  taker_fee: Units;
  created_at: Date;
}

export interface CandlesTable {
  pair_id: string;
  /** Start of the minute. */
  bucket: Date;
  open: Units;
  high: Units;
  low: Units;
  close: Units;
  volume: Units;
  quote_volume: Units;
}

export interface FavoritesTable {
  user_id: string;
  pair_id: string;
  created_at: Timestamp;
}

/** One side of one fill's TDS (section 194S); amounts, rates and prices in units of 1e-18. */
export interface TdsDeductionsTable {
  pair_id: string;
  trade_id: string;
  side: 'buy' | 'sell';
  user_id: string;
  order_id: string;
  token_id: string;
  /** What the side received after the fee: the consideration the tax is on. */
  received: Units;
  amount: Units;
  /** The rate in force as a fraction; 0 under the exemption threshold. */
  rate: Units;
  /** The fill's price in USDT; 1 (1e18) for the USDT leg. */
  price_usdt: Units;
  usdt_inr_rate: Units;
  received_inr: Units;
  tds_inr: Units;
  /** The GST included in this side's fee, in the fee's coin (`core/tax/gst.ts`). */
  gst: Generated<string>;
  created_at: Date;
  /** Written under the paisa rule (`core/paise.ts`): its rupee amounts are whole paise. */
  paise: Generated<boolean>;
}

/** The USDT/INR reference rate, with its history: the newest row is in force. */
export interface UsdtInrRatesTable {
  id: Generated<string>;
  rate: Units;
  /** The admin who set it; null for the default from USDT_INR_RATE. */
  set_by: string | null;
  /** The second admin who approved it; null: within the band of the market's price. */
  approved_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
}

/** A USDT/INR rate one admin proposed, waiting for a different admin (review N4-H2). */
export interface UsdtInrRateProposalsTable {
  id: Generated<string>;
  rate: Units;
  proposed_by: string;
  created_at: Date;
  status: ColumnType<
    'pending' | 'approved' | 'declined' | 'superseded',
    'pending' | undefined,
    'approved' | 'declined' | 'superseded'
  >;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface TradingTables {
  pairs: PairsTable;
  orders: OrdersTable;
  trades: TradesTable;
  candles: CandlesTable;
  favorites: FavoritesTable;
  tds_deductions: TdsDeductionsTable;
  usdt_inr_rates: UsdtInrRatesTable;
  usdt_inr_rate_proposals: UsdtInrRateProposalsTable;
  price_alerts: PriceAlertsTable;
  notifications: NotificationsTable;
}

/** Issue 37: a user's price alert; `fired_at` set once when the last price crossed it. */
export interface PriceAlertsTable {
  id: string;
  user_id: string;
  pair_id: string;
  direction: 'above' | 'below';
  price: Units;
  created_at: Date;
  fired_at: Date | null;
  fired_price: Units | null;
}

/** The in-app notices the bell lists. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: 'price_alert';
  title: string;
  body: string;
  /** jsonb: what the notice says, as values the reader's language words (walk-4 W4-3). */
  params: ColumnType<PriceAlertFired | null, string | null, string | null>;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}
