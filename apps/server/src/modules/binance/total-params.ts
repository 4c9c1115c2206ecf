import { BinanceError } from './errors.js';

/**
 * The parameters a signed request's signature covers, read the one way they can be.
 *
 * Binance signs `totalParams`: the query string and the form body concatenated as they arrived,
 * with nothing between them. That text reads two ways when a request carries both parts: as the
 * one parameter string that was signed, or split where the query string ends. A request signed
 * whole as `…&price=60000&timestamp=…` can be sent as the query `…&price=6` and the body
 * `0000&timestamp=…` and still verify, then be read at price 6 (review N4-M1). So a request is
 * taken only when both readings give the same parameters in the same order: all in one part
 * (as ccxt and Binance's connectors send them), or split where a parameter ends (the query
 * string ending, or the body starting, with `&`). Binance's own example of a split,
 * `…&timeInForce=GTC` + `quantity=1&…`, signs `timeInForce=GTCquantity=1` and is refused: its
 * signature does not say where one parameter ends.
 *
 * `query` and `body` come without their `signature` parameter.
 */
export function totalParams(query: string, body: string): URLSearchParams {
  const joined = new URLSearchParams(query + body);
  if (query !== '' && body !== '') {
    const apart = [...new URLSearchParams(query), ...new URLSearchParams(body)];
    const together = [...joined];
    const same =
      apart.length === together.length &&
      apart.every(([name, value], i) => together[i]?.[0] === name && together[i]?.[1] === value);
    if (!same) throw ambiguousSplit();
  }
  return joined;
}

const ambiguousSplit = () =>
  new BinanceError(
    -1022,
    "Signature for this request is not valid: parameters split between the query string and the body must meet at '&'.",
  );
