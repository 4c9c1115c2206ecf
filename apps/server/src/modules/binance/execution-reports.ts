import type { OrderDto } from '@exchange/contracts';
import { ledgerOne, parseAmount } from '../../core/money.js';
import type { OrderFill } from '../market/user-updates.js';
import { binanceAmount, binanceDecimal } from './decimals.js';

const units = (decimal: string) => parseAmount(decimal) ?? 0n;

/** Our order types in Binance's words. */
const BINANCE_TYPE = { limit: 'LIMIT', market: 'MARKET', stop_limit: 'STOP_LOSS_LIMIT' } as const;

/** What the stream last told of an order: its fills so far, to tell each update's last fill. */
export interface OrderProgress {
  filled: bigint;
  quote: bigint;
}

type Execution = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED';
type Status = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED';

interface Step {
  x: Execution;
  X: Status;
  progress: OrderProgress;
  /** The fill this report tells (a TRADE), or the fills it sums when they were not read one by one. */
  fill?: {
    tradeId: number;
    qty: bigint;
    quote: bigint;
    fee: string;
    feeAsset: string;
    maker: boolean;
    time: number;
  };
}

/** The order's state at its end (or now): Binance's status word. */
function finalStatus(o: OrderDto, filled: bigint): Status {
  if (o.status === 'open') return filled > 0n ? 'PARTIALLY_FILLED' : 'NEW';
  if (o.status === 'filled') return 'FILLED';
  return o.cancel_reason === 'unfilled' ? 'EXPIRED' : 'CANCELED';
}

/**
 * The steps Binance's user data stream tells for an order update: `NEW` first when the order was
 * never told; one `TRADE` per fill (`fills`, oldest first), each with its trade id, price,
 * quantity and commission; a `TRADE` summing what was filled but not read one by one; and the
 * cancel or expiry that ended it. Nothing new since `before`: one report of its state.
 */
export function executionSteps(
  o: OrderDto,
  before: OrderProgress | undefined,
  fills: readonly OrderFill[],
): Step[] {
  const end = finalStatus(o, units(o.filled_volume));
  const steps: Step[] = [];
  let progress = before ?? { filled: 0n, quote: 0n };
  if (!before) steps.push({ x: 'NEW', X: 'NEW', progress });
  const totalFilled = units(o.filled_volume);
  const tradeStatus = (filled: bigint): Status =>
    filled >= totalFilled && end === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
  for (const f of fills) {
    const qty = units(f.quantity);
    const quote = units(f.quote);
    progress = { filled: progress.filled + qty, quote: progress.quote + quote };
    const fill = { ...f, qty, quote };
    steps.push({ x: 'TRADE', X: tradeStatus(progress.filled), progress, fill });
  }
  const missed = totalFilled - progress.filled;
  if (missed > 0n) {
    // Fills not read one by one (a listener that came late): their sum at the average price.
    const quoteNow = (units(o.average_price) * totalFilled) / ledgerOne;
    const fill = {
      tradeId: -1,
      qty: missed,
      quote: quoteNow - progress.quote,
      fee: '0',
      feeAsset: o.fee_token,
      maker: false,
      time: Date.parse(o.updated_at),
    };
    progress = { filled: totalFilled, quote: quoteNow };
    steps.push({ x: 'TRADE', X: tradeStatus(totalFilled), progress, fill });
  }
  if (end === 'CANCELED' || end === 'EXPIRED') steps.push({ x: end, X: end, progress });
  else if (steps.length === 0) steps.push({ x: 'NEW', X: end, progress });
  return steps;
}

/** `executionReport`s of an order update (`executionSteps`), and what they told of it. */
export function executionReports(
  o: OrderDto,
  before: OrderProgress | undefined,
  fills: readonly OrderFill[],
  nowMs: number,
): { reports: ReturnType<typeof executionReport>[]; progress: OrderProgress } {
  const steps = executionSteps(o, before, fills);
  return {
    reports: steps.map((step) => executionReport(o, step, nowMs)),
    progress: steps.at(-1)?.progress ?? before ?? { filled: 0n, quote: 0n },
  };
}

function executionReport(o: OrderDto, step: Step, nowMs: number) {
  const created = Date.parse(o.created_at);
  const { fill, progress } = step;
  return {
    e: 'executionReport',
    E: nowMs,
    s: o.symbol,
    c: o.client_order_id ?? '',
    S: o.trade_type === 'buy' ? 'BUY' : 'SELL',
    o: o.post_only && o.order_type === 'limit' ? 'LIMIT_MAKER' : BINANCE_TYPE[o.order_type],
    f: 'GTC',
    q: binanceDecimal(o.volume),
    p: binanceDecimal(o.order_type === 'market' ? '0' : o.price),
    P: binanceDecimal(o.stop_price ?? '0'),
    F: '0.00000000',
    g: -1,
    C: '',
    x: step.x,
    X: step.X,
    r: 'NONE',
    i: Number(o._id),
    l: binanceAmount(fill?.qty ?? 0n),
    z: binanceAmount(progress.filled),
    L: binanceAmount(fill && fill.qty > 0n ? (fill.quote * ledgerOne) / fill.qty : 0n),
    n: binanceDecimal(fill?.fee ?? '0'),
    N: fill ? fill.feeAsset : null,
    T: fill?.time ?? Date.parse(o.updated_at),
    t: fill?.tradeId ?? -1,
    I: Number(o._id),
    w: step.X === 'NEW' || step.X === 'PARTIALLY_FILLED',
    m: fill?.maker ?? false,
    M: false,
    O: created,
    Z: binanceAmount(progress.quote),
    Y: binanceAmount(fill?.quote ?? 0n),
    Q: binanceDecimal(o.quote_budget ?? '0'),
    W: created,
    V: 'NONE',
  };
}
