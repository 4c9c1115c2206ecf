import { explorerTxUrl, type Rail } from '@exchange/contracts';

const shorten = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

/** A transaction hash, shortened, linking to the network's block explorer; "-" when none. */
export function TxLink({ network, hash }: { network: Rail; hash: string | null }) {
  if (!hash) return <span>-</span>;
  // A bank transfer's UTR: no explorer to link to.
  if (network === 'bank') return <span title={hash}>UTR {hash}</span>;
  return (
    <a href={explorerTxUrl(network, hash)} target="_blank" rel="noreferrer" title={hash}>
      {shorten(hash)}
    </a>
  );
}

/** An address, shortened, with the whole of it on hover and for screen readers. */
export function ShortAddress({ address }: { address: string }) {
  return (
    <span title={address} aria-label={address}>
      {address.slice(0, 8)}…{address.slice(-6)}
    </span>
  );
}
