import {
  inclusionProofSchema,
  signedRootOfProof,
  SIGNATURE_REFUSALS,
  verifyInclusionProof,
  verifyRootSignature,
  type InclusionProofFile,
  type ReservesSnapshot,
} from '@exchange/contracts';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/i18n/use-message';
import { toastFailure } from '@/lib/api-error';
import { formatDec } from '@/lib/decimal';
import { formatQuantity } from '@/lib/format';
import { RichText } from '@/i18n/rich-text';
import { useLazyGetReservesProofQuery } from '../api/reserves-api';
import { heldIn } from '../proof-balances';
import styles from './reserves.module.css';

/** A refusal's reason is English (the contracts' words), shown through the messages catalog. */
type Verdict = { ok: true; proof: InclusionProofFile } | { ok: false; reason: string };

/** Ledger units (10^-18) as a decimal amount. */
const amountOf = (units: string) => formatDec({ units: BigInt(units), scale: 18 });

/**
 * The proof of reserves check, in this browser, the same code as `npm run verify:reserves`:
 * `verifyInclusionProof` (contracts' merkle-sum-tree.ts) recomputes the root from each of the
 * user's leaves and its path, refusing any negative sum, and needs the leaves' shares to add up
 * to the user's balances; `verifyRootSignature` needs the root to carry the exchange's signature
 * by the key it publishes; and the root must be the one published here.
 */
async function check(
  proof: InclusionProofFile,
  published: ReservesSnapshot,
  publicKey: string | undefined,
): Promise<Verdict> {
  const verdict = await verifyInclusionProof(proof);
  if (!verdict.ok) return verdict;
  const { signature } = proof;
  if (!(await verifyRootSignature(signedRootOfProof(proof), signature.value, signature.public_key)))
    return { ok: false, reason: SIGNATURE_REFUSALS.badSignature };
  if (publicKey && signature.public_key !== publicKey)
    return { ok: false, reason: SIGNATURE_REFUSALS.otherKey };
  if (proof.root.hash !== published.root_hash)
    return { ok: false, reason: 'This proof is for another snapshot than the one published here' };
  return { ok: true, proof };
}

function save(proof: InclusionProofFile) {
  const blob = new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `proof-of-reserves-${proof.snapshot_id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A signed-in user's own check: verify here, download the proof, or check a downloaded file. */
export function MyProof({
  snapshot,
  publicKey,
}: {
  snapshot: ReservesSnapshot;
  publicKey: string | undefined;
}) {
  const { t } = useTranslation('reserves');
  const message = useMessage();
  const [fetchProof, fetching] = useLazyGetReservesProofQuery();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const proof = async () => {
    try {
      return await fetchProof(snapshot._id, true).unwrap();
    } catch (error) {
      toastFailure(error, t('mine.loadFailed'));
      return null;
    }
  };
  const verify = async () => {
    const p = await proof();
    if (p) setVerdict(await check(p, snapshot, publicKey));
  };
  const download = async () => {
    const p = await proof();
    if (p) save(p);
  };
  const checkFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed;
    try {
      parsed = inclusionProofSchema.safeParse(JSON.parse(await file.text()));
    } catch {
      parsed = null;
    }
    setVerdict(
      parsed?.success
        ? await check(parsed.data, snapshot, publicKey)
        : { ok: false, reason: 'This file is not a proof of reserves' },
    );
  };
  return (
    <section className={styles.panel} aria-labelledby="my-proof-title">
      <h2 id="my-proof-title">{t('mine.title')}</h2>
      <p className={styles.muted}>
        <RichText
          text={t('mine.intro', { command: 'npm run verify:reserves -- proof.json' })}
          parts={{ code: (c) => <code>{c}</code> }}
        />
      </p>
      <div className={styles.actions}>
        <Button busy={fetching.isFetching} disabled={fetching.isFetching} onClick={verify}>
          {t('mine.verify')}
        </Button>
        <Button variant="secondary" disabled={fetching.isFetching} onClick={download}>
          {t('mine.download')}
        </Button>
        {/* A button-like label over a hidden input: no browser-worded "Choose File" (W4-13). */}
        <label className={styles.file}>
          {t('mine.checkFile')}
          <input
            type="file"
            className="sr-only"
            accept="application/json,.json"
            onChange={checkFile}
          />
        </label>
      </div>
      <div role="status">
        {verdict?.ok === true && (
          <>
            <p className={`${styles.verdict} ${styles.ok}`}>{t('mine.verified')}</p>
            <ul className={styles.balances} aria-label={t('mine.balances')}>
              {heldIn(verdict.proof).map(({ asset, units }) => (
                <li key={asset}>
                  {asset}: {formatQuantity(amountOf(units))}
                </li>
              ))}
            </ul>
            <p className={styles.muted}>
              {t('mine.leaves', { count: verdict.proof.leaves.length })}
            </p>
          </>
        )}
        {verdict?.ok === false && (
          <p className={`${styles.verdict} ${styles.failed}`}>
            {t('mine.notVerified', { reason: message(verdict.reason) })}
          </p>
        )}
      </div>
    </section>
  );
}
