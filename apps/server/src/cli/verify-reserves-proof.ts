import fs from 'node:fs/promises';
import {
  inclusionProofSchema,
  reservesSnapshotSchema,
  verifyInclusionProof,
} from '@exchange/contracts';

/**
 * `npm run verify:reserves -- <proof.json> [<published.json>]`: checks a proof of reserves
 * inclusion proof downloaded from the exchange (the same check the web page runs), needing
 * nothing from the exchange. With the published snapshot as well (GET /api/v1/proof-of-reserves,
 * saved), its root and totals must be the ones the proof leads to. Exits 1 when anything fails.
 */
async function main(): Promise<boolean> {
  const [proofFile, publishedFile] = process.argv.slice(2);
  if (!proofFile) {
    console.error('usage: npm run verify:reserves -- <proof.json> [<published.json>]');
    return false;
  }
  const proof = inclusionProofSchema.parse(unwrap(await readJson(proofFile)));
  const verdict = await verifyInclusionProof(proof);
  if (!verdict.ok) {
    console.error(`Not verified: ${verdict.reason}`);
    return false;
  }
  if (publishedFile) {
    const published = reservesSnapshotSchema.parse(unwrap(await readJson(publishedFile)));
    const same =
      published.root_hash === proof.root.hash &&
      published.root_sums.join(',') === proof.root.sums.join(',');
    if (!same) {
      console.error('Not verified: the proof leads to another root than the published one');
      return false;
    }
  }
  console.log(`Verified: your balances are included in snapshot ${proof.snapshot_id}`);
  console.log(`  taken ${proof.created_at}, root ${proof.root.hash}`);
  proof.assets.forEach((asset, i) =>
    console.log(
      `  ${asset}: yours ${proof.leaf.balances[i]}, all users ${proof.root.sums[i]} (units of 10^-18)`,
    ),
  );
  return true;
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
