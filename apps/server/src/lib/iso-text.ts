/** The last two distinct instants written, and their text. */
let recentAt = NaN;
let recentText = '';
let olderAt = NaN;
let olderText = '';

/**
 * `date.toISOString()`, remembered for the last two instants asked. Most dates the order path
 * writes are a batch's own time (orders placed and changed, trades, deductions, their answers),
 * or an order's creation beside it, and formatting a date costs several times a row's other
 * fields.
 */
export function isoText(date: Date): string {
  const at = date.getTime();
  if (at === recentAt) return recentText;
  if (at === olderAt) {
    olderAt = recentAt;
    recentAt = at;
    const text = olderText;
    olderText = recentText;
    recentText = text;
    return text;
  }
  olderAt = recentAt;
  olderText = recentText;
  recentAt = at;
  recentText = date.toISOString();
  return recentText;
}
