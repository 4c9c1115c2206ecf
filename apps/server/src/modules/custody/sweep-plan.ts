import type { PlannedTx } from './plan-file.js';

/** A listed token on the network being swept. */
export interface SweepToken {
  tokenId: string;
  symbol: string;
  /** null: the network's native coin. */
  contract: string | null;
  decimals: number;
  /** Balances at or below this (on-chain units) stay where they are. */
  dust: bigint;
}

/** What one deposit address holds now, read from the chain. */
export interface AddressHoldings {
  index: number;
  address: string;
  /** Its next nonce (pending). */
  nonce: number;
  native: bigint;
  /** On-chain units per token id (ERC-20s only). */
  tokens: Record<string, bigint>;
}

export interface SweepInputs {
  /** Wei per gas, for every transaction of the plan (legacy pricing: the fee is exact). */
  gasPrice: bigint;
  /** Gas of a native transfer (21000) and of an ERC-20 `transfer` (with its margin). */
  nativeGas: bigint;
  tokenGas: bigint;
  cold: string;
  /** The hot wallet and what it lacks per token id to reach its target; null: all goes cold. */
  hot: { address: string; deficit: Record<string, bigint> } | null;
  gas: { address: string; nonce: number; balance: bigint };
  /** The native coin's symbol, named on top-ups. */
  nativeSymbol: string;
  tokens: SweepToken[];
  addresses: AddressHoldings[];
}

/** The gas address cannot pay the top-ups the plan needs. */
export class GasShortfall extends Error {
  override readonly name = 'GasShortfall';
}

/**
 * The transactions that move every deposit address's balance above its token's dust to the hot
 * wallet (while it lacks some of its target: whole balances, so it may pass the target by one
 * address's balance) and the rest to the cold address. An ERC-20 sweep is paid in native coin by
 * the deposit address itself; what it lacks is topped up from the gas address first. Native coin
 * is swept last, what remains once every sweep's gas is paid (legacy gas price: the fee is
 * exactly gas used × price, at most the limit).
 */
export function planSweeps(input: SweepInputs): PlannedTx[] {
  const deficit = { ...input.hot?.deficit };
  const destination = (tokenId: string, units: bigint) => {
    const lacking = deficit[tokenId] ?? 0n;
    if (input.hot && lacking > 0n) {
      deficit[tokenId] = lacking - units;
      return { to: input.hot.address, to_tier: 'hot' as const };
    }
    return { to: input.cold, to_tier: 'cold' as const };
  };
  const native = input.tokens.find((t) => t.contract === null) ?? null;
  const erc20s = input.tokens.filter((t) => t.contract !== null);
  const txs: PlannedTx[] = [];
  let gasNonce = input.gas.nonce;
  let gasSpent = 0n;
  const fee = (gas: bigint) => gas * input.gasPrice;
  const common = (gas: bigint) => ({
    gas_limit: gas.toString(),
    gas_price: input.gasPrice.toString(),
  });

  for (const holding of [...input.addresses].sort((a, b) => a.index - b.index)) {
    const from = holding.address.toLowerCase();
    const swept = erc20s.filter((t) => (holding.tokens[t.tokenId] ?? 0n) > t.dust);
    const gasNeeded = fee(input.tokenGas) * BigInt(swept.length);
    const after: string[] = [];
    if (holding.native < gasNeeded) {
      const id = `top-up:${holding.index}`;
      const units = gasNeeded - holding.native;
      txs.push({
        id,
        kind: 'top_up',
        signer: { kind: 'gas' },
        from: input.gas.address.toLowerCase(),
        from_tier: 'gas',
        to: from,
        to_tier: 'deposit',
        token_id: native?.tokenId ?? null,
        symbol: input.nativeSymbol,
        contract: null,
        units: units.toString(),
        decimals: 18,
        nonce: gasNonce++,
        ...common(input.nativeGas),
        after: [],
      });
      gasSpent += units + fee(input.nativeGas);
      after.push(id);
    }
    let nonce = holding.nonce;
    // One sweep: `units` of `token` from this address, its contract's call or a plain transfer.
    const sweep = (token: (typeof input.tokens)[number], units: bigint, gas: bigint) =>
      txs.push({
        id: `sweep:${holding.index}:${token.tokenId}`,
        kind: 'sweep',
        signer: { kind: 'deposit', index: holding.index },
        from,
        from_tier: 'deposit',
        ...destination(token.tokenId, units),
        token_id: token.tokenId,
        symbol: token.symbol,
        contract: token.contract === null ? null : token.contract.toLowerCase(),
        units: units.toString(),
        decimals: token.decimals,
        nonce: nonce++,
        ...common(gas),
        after,
      });
    for (const token of swept)
      sweep(token, holding.tokens[token.tokenId] as bigint, input.tokenGas);
    const rest = holding.native - gasNeeded - fee(input.nativeGas);
    if (native && rest > native.dust) sweep(native, rest, input.nativeGas);
  }
  if (gasSpent > input.gas.balance)
    throw new GasShortfall(
      `The gas address ${input.gas.address} holds ${input.gas.balance} wei; the top-ups need ${gasSpent}`,
    );
  return txs;
}

/** Per token and destination tier, what a plan moves (on-chain units), for its summary. */
export function planTotals(
  txs: readonly PlannedTx[],
): { symbol: string; kind: string; to_tier: string; count: number; units: bigint; fees: bigint }[] {
  const totals = new Map<
    string,
    { symbol: string; kind: string; to_tier: string; count: number; units: bigint; fees: bigint }
  >();
  for (const tx of txs) {
    const key = `${tx.kind}|${tx.symbol}|${tx.to_tier}`;
    const entry = totals.get(key) ?? {
      symbol: tx.symbol,
      kind: tx.kind,
      to_tier: tx.to_tier,
      count: 0,
      units: 0n,
      fees: 0n,
    };
    entry.count += 1;
    entry.units += BigInt(tx.units);
    entry.fees += BigInt(tx.gas_limit) * BigInt(tx.gas_price);
    totals.set(key, entry);
  }
  return [...totals.values()];
}
