import type { Rail } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { railName } from '@/config/networks';
import { formatCoinAmount, formatDateTime, formatUsdt } from '@/lib/format';
import { TxLink } from './tx-link';
import styles from './reviews.module.css';

/*
 * The money queues' cells, each a few facts on lines of their own: five columns fit the console
 * at 1366 px with the status, the approvals and the decision buttons in view (walk D11).
 */

/** Who asked, and when (`when` says what the time is: "Submitted"). */
export function RequesterCell({ email, when, at }: { email: string; when: string; at: string }) {
  return (
    <div className={styles.lines}>
      <span>{email}</span>
      <span className={styles.sub}>
        {when} {formatDateTime(at)}
      </span>
    </div>
  );
}

/** The amount in its coin, with its USDT value for any other coin. */
export function AmountCell({
  amount,
  symbol,
  valueUsdt,
}: {
  amount: string;
  symbol: string;
  valueUsdt: string | null;
}) {
  return (
    <div className={styles.lines}>
      <span>{formatCoinAmount(amount, symbol)}</span>
      {valueUsdt !== null && symbol !== 'USDT' && (
        <span className={styles.sub}>≈ {formatUsdt(valueUsdt)} USDT</span>
      )}
    </div>
  );
}

/** The network, the transaction's explorer link, and the address on the other side. */
export function ChainCell({
  network,
  hash,
  party,
}: {
  network: Rail;
  hash: string | null;
  /** "From 0x…" or "To 0x…". */
  party: ReactNode;
}) {
  return (
    <div className={styles.lines}>
      <span>{railName(network)}</span>
      <TxLink network={network} hash={hash} />
      <span className={styles.sub}>{party}</span>
    </div>
  );
}
