import type { EvmLog, EvmReceipt, EvmTransaction } from './evm-rpc.js';

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 transfer event. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Selector of ERC-20 `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb';

/** One movement of value a transaction made: its native coin, or an ERC-20 Transfer event. */
export interface ChainTransfer {
  /** The token contract that emitted the event; null for the native coin. */
  contract: string | null;
  from: string;
  to: string;
  units: bigint;
  /** The event's index in its block; -1 for the native coin. */
  logIndex: number;
}

/** Every transfer a mined transaction made that deposit verification can see, in order. */
export function transfersOf(tx: EvmTransaction, receipt: EvmReceipt): ChainTransfer[] {
  const out: ChainTransfer[] = [];
  // Native coin moved by an internal call (e.g. from a contract wallet) needs traces: not seen.
  if (tx.value > 0n && tx.to !== null) {
    out.push({ contract: null, from: tx.from, to: tx.to, units: tx.value, logIndex: -1 });
  }
  for (const log of receipt.logs) {
    const transfer = transferOfLog(log);
    if (transfer) out.push(transfer);
  }
  return out;
}

/** The ERC-20 Transfer event a log is, or null when it is another event. */
export function transferOfLog(log: EvmLog): ChainTransfer | null {
  // Three topics: ERC-721 shares the signature but indexes its token id as a fourth.
  const [topic, from = '', to = ''] = log.topics;
  if (log.topics.length !== 3 || topic?.toLowerCase() !== TRANSFER_TOPIC) return null;
  const fromAddress = wordToAddress(from);
  const toAddress = wordToAddress(to);
  const units = wordToUint(log.data);
  if (fromAddress === null || toAddress === null || units === null) return null;
  return { contract: log.address, from: fromAddress, to: toAddress, units, logIndex: log.logIndex };
}

/** The recipient and amount of a direct `transfer(to, amount)` call, read from its input. */
export function decodeTransferCall(input: string): { to: string; units: bigint } | null {
  if (input.length !== 138 || input.slice(0, 10).toLowerCase() !== TRANSFER_SELECTOR) return null;
  const to = wordToAddress(`0x${input.slice(10, 74)}`);
  const units = wordToUint(`0x${input.slice(74)}`);
  return to === null || units === null ? null : { to, units };
}

function wordToAddress(word: string): string | null {
  return /^0x0{24}[0-9a-fA-F]{40}$/.test(word) ? `0x${word.slice(26).toLowerCase()}` : null;
}

function wordToUint(word: string): bigint | null {
  return /^0x[0-9a-fA-F]{64}$/.test(word) ? BigInt(word) : null;
}
