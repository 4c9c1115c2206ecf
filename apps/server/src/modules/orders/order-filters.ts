import type { OrderRefusal } from '@exchange/contracts';
import type { Side } from '@exchange/engine';
import { parseAmount } from '../../core/money.js';
import { priceTicks, quantityLots, type Pair } from '../../core/trading/pairs.js';
import { MAX_PRICE_TICKS, MAX_QUANTITY_LOTS } from '../../core/trading/trading-state.js';
import { AppError } from '../../lib/app-error.js';
import type { PriceName } from '../../lib/account-messages.js';
import { said, type Said } from '../../lib/messages.js';

/**
 * An order's numbers against its pair's filters, before it reaches the writer: a price is a
 * whole, positive number of ticks, a volume of lots, each under the engine's bounds; a market
 * buy by quote spends whole notional steps. Each refusal carries its code (`PRICE_FILTER`,
 * `LOT_SIZE`) for the APIs to word.
 */

/** A refusal with its reason's code (`data.reason`), which each API words its own way. */
export const invalid = (message: string | Said, reason?: OrderRefusal) =>
  new AppError('BAD_REQUEST', message, reason && { reason });

/** A price in ticks of the pair, or a clear refusal naming which price. */
export function checkedTicks(pair: Pair, price: string | undefined, what: PriceName): number {
  const ticks = price === undefined ? null : priceTicks(pair, price);
  if (ticks === null || ticks === 0)
    throw invalid(
      said('priceStep', what, String(pair.tickSize), pair.quote.shortName),
      'PRICE_FILTER',
    );
  if (ticks > MAX_PRICE_TICKS) throw invalid(said('priceTooHigh', what), 'PRICE_FILTER');
  return ticks;
}

export function checkedLots(pair: Pair, volume: string | undefined): number {
  const lots = volume === undefined ? null : quantityLots(pair, volume);
  if (lots === null || lots === 0)
    throw invalid(said('volumeStep', String(pair.lotSize), pair.base.shortName), 'LOT_SIZE');
  if (lots > MAX_QUANTITY_LOTS) throw invalid(said('volumeTooLarge'), 'LOT_SIZE');
  return lots;
}

/** A market buy's quote budget in notional steps, rounded down to one (what cannot buy a lot). */
export function quoteBudget(pair: Pair, side: Side, quoteVolume: string | undefined): number {
  if (side !== 'buy') throw invalid('Only a market buy may give the quote amount to spend');
  const units = parseAmount(quoteVolume ?? '');
  const steps = units === null ? 0n : units / pair.notionalUnit;
  if (steps === 0n) throw invalid('The quote amount must be positive');
  if (steps > BigInt(MAX_PRICE_TICKS) * BigInt(MAX_QUANTITY_LOTS))
    throw invalid('The quote amount is too large');
  return Number(steps);
}
