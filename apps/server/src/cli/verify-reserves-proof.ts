import fs from 'node:fs/promises';
import {
  inclusionProofSchema,
  reservesSnapshotSchema,
  signedRootOfProof,
  SIGNATURE_REFUSALS,
  verifyInclusionProof,
  verifyRootSignature,
} from '@exchange/contracts';

const USAGE =
  'usage: npm run verify:reserves -- <proof.json> [<published.json>] [--key <public key hex>]';

/**
 * `npm run verify:reserves -- <proof.json> [<published.json>] [--key <hex>]`: checks a proof of
 * reserves inclusion proof downloaded from the exchange (the same checks the web page runs),
 * needing nothing from the exchange: every one of the user's leaves leads to the root, their
 * shares add up to the user's balances, and the root (its sums, ledger position and time) carries
 * the exchange's Ed25519 signature. With `--key` (GET /api/v1/proof-of-reserves/signing-key, or
 * the README) the signature must be by that key; with the published snapshot as well
 * (GET /api/v1/proof-of-reserves or a row of /history, saved), its root, totals and signature
 * must be the proof's. Exits 1 when anything fails.
 */
async function main(): Promise<boolean> {
  const args = process.argv.slice(2);
  const keyAt = args.indexOf('--key');
  const key = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const files = keyAt >= 0 ? [...args.slice(0, keyAt), ...args.slice(keyAt + 2)] : args;
  const [proofFile, publishedFile] = files;
  if (!proofFile || (keyAt >= 0 && !key)) {
    console.error(USAGE);
    return false;
  }
  const proof = inclusionProofSchema.parse(unwrap(await readJson(proofFile)));
  const verdict = await verifyInclusionProof(proof);
  if (!verdict.ok) return refuse(verdict.reason);
  const { signature } = proof;
  if (!(await verifyRootSignature(signedRootOfProof(proof), signature.value, signature.public_key)))
    return refuse(SIGNATURE_REFUSALS.badSignature);
  if (key && key.toLowerCase() !== signature.public_key) return refuse(SIGNATURE_REFUSALS.otherKey);
  if (publishedFile) {
    const published = reservesSnapshotSchema.parse(unwrap(await readJson(publishedFile)));
    const same =
      published.root_hash === proof.root.hash &&
      published.root_sums.join(',') === proof.root.sums.join(',') &&
      published.signature?.value === signature.value;
    if (!same) return refuse('the proof leads to another root than the published one');
  }
  console.log(`Verified: your balances are included in snapshot ${proof.snapshot_id}`);
  console.log(`  taken ${proof.created_at}, ledger position ${proof.ledger_position ?? '-'}`);
  console.log(
    `  root ${proof.root.hash}, ${proof.leaves.length} of ${proof.leaf_count} leaves yours`,
  );
  console.log(`  signed by the exchange's Ed25519 key ${signature.public_key}`);
  if (!key) console.log('  (compare that key with the one the exchange publishes, or pass --key)');
  proof.assets.forEach((asset, i) =>
    console.log(
      `  ${asset}: yours ${proof.balances[i]}, all users ${proof.root.sums[i]} (units of 10^-18)`,
    ),
  );
  return true;
}

function refuse(reason: string): false {
  console.error(`Not verified: ${reason}`);
  return false;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

/** Accepts the API's envelope ({ data }) as saved, or the bare object. */
function unwrap(json: unknown): unknown {
  return json !== null && typeof json === 'object' && 'data' in json ? json.data : json;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
