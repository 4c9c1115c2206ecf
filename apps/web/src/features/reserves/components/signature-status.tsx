import {
  signedRootOfSnapshot,
  verifyRootSignature,
  type ReservesSnapshot,
} from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './reserves.module.css';

export type SignatureState = 'checking' | 'verified' | 'failed' | 'unsigned';

/**
 * Whether a published snapshot carries the exchange's signature by `publicKey` (the key
 * published at /proof-of-reserves/signing-key) over its root, sums, ledger position and time:
 * checked in this browser with `verifyRootSignature`, the same code as `npm run verify:reserves`.
 */
export async function signatureStateOf(
  snapshot: ReservesSnapshot,
  publicKey: string,
): Promise<SignatureState> {
  const root = signedRootOfSnapshot(snapshot);
  if (!root || !snapshot.signature) return 'unsigned';
  if (snapshot.signature.public_key !== publicKey) return 'failed';
  return (await verifyRootSignature(root, snapshot.signature.value, publicKey))
    ? 'verified'
    : 'failed';
}

export function useSignatureState(
  snapshot: ReservesSnapshot,
  publicKey: string | undefined,
): SignatureState {
  const [state, setState] = useState<{ of: string; state: SignatureState } | null>(null);
  const of = `${snapshot._id}|${publicKey ?? ''}`;
  useEffect(() => {
    if (!publicKey) return;
    let live = true;
    void signatureStateOf(snapshot, publicKey).then((s) => live && setState({ of, state: s }));
    return () => {
      live = false;
    };
  }, [snapshot, publicKey, of]);
  if (!snapshot.signature) return 'unsigned';
  return state?.of === of ? state.state : 'checking';
}

const TEXTS = {
  checking: 'signature.checking',
  verified: 'signature.verified',
  failed: 'signature.failed',
  unsigned: 'signature.unsigned',
} as const;

/** A snapshot's signature, checked: one short line. */
export function SignatureStatus({
  snapshot,
  publicKey,
  testId,
}: {
  snapshot: ReservesSnapshot;
  publicKey: string | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('reserves');
  const state = useSignatureState(snapshot, publicKey);
  const tone = state === 'verified' ? styles.ok : state === 'failed' ? styles.failed : '';
  return (
    <span className={tone} data-testid={testId} data-state={state}>
      {t(TEXTS[state])}
    </span>
  );
}
