import { useEffect, useRef } from 'react';

/** A book or trade row picked to fill the form; `nonce` makes picking the same row again count. */
export interface OrderFill {
  price: string;
  amount: string;
  nonce: number;
}

/** Calls `apply` once per new fill. */
export function useOrderFill(
  fill: OrderFill | null,
  apply: (price: string, amount: string) => void,
) {
  const applied = useRef<number | null>(null);
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  useEffect(() => {
    if (!fill || fill.nonce === applied.current) return;
    applied.current = fill.nonce;
    latestApply.current(fill.price, fill.amount);
  }, [fill]);
}
