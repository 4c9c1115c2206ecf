/** A control frame's answer as Binance words it: a result, or an error with Binance's code. */
export type ControlAnswer =
  | { result: unknown; id: number | string | null }
  | { error: { code: number; msg: string }; id?: number | string | null };

/**
 * `SET_PROPERTY` / `GET_PROPERTY` on a market stream connection. Binance has one property,
 * `combined`: whether events come wrapped as `{stream, data}` (a `/stream` connection's) or raw.
 * Returns the answer and the connection's `combined` after it.
 */
export function propertyFrame(
  method: 'SET_PROPERTY' | 'GET_PROPERTY',
  params: unknown,
  id: number | string | null,
  combined: boolean,
): { answer: ControlAnswer; combined: boolean } {
  const refuse = (code: number, msg: string) => ({
    answer: { error: { code, msg }, id },
    combined,
  });
  const [name, value, ...rest] = Array.isArray(params) ? (params as unknown[]) : [];
  if (typeof name !== 'string') return refuse(2, 'Invalid request: property name must be a string');
  if (name !== 'combined') return refuse(0, 'Unknown property');
  if (method === 'GET_PROPERTY')
    return value === undefined
      ? { answer: { result: combined, id }, combined }
      : refuse(2, 'Invalid request: too many parameters');
  if (rest.length > 0) return refuse(2, 'Invalid request: too many parameters');
  if (typeof value !== 'boolean') return refuse(1, 'Invalid value type: expected Boolean');
  return { answer: { result: null, id }, combined: value };
}
