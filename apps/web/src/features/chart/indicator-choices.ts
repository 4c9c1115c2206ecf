/**
 * The chart's indicators, in the menu's order; their names are the `trading-tools` catalog's
 * `indicators.<id>`: MA (20), EMA (50), Bollinger bands (20, 2), volume MA (20), RSI (14) and
 * MACD (12, 26, 9).
 */
export const INDICATORS = ['ma', 'ema', 'bb', 'volMa', 'rsi', 'macd'] as const;
export type IndicatorId = (typeof INDICATORS)[number];

const KEY = 'chartIndicators';
const known = new Set<string>(INDICATORS);

/** The indicators this browser last chose (none at first); anything unknown is dropped. */
export function loadIndicators(): IndicatorId[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved)
      ? INDICATORS.filter((id) => saved.includes(id) && known.has(id))
      : [];
  } catch {
    return [];
  }
}

/** Remembers the choice for the next visit (storage may be refused: then it lasts the visit). */
export function saveIndicators(ids: readonly IndicatorId[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Private mode or full storage: the choice still holds until the page closes.
  }
}
