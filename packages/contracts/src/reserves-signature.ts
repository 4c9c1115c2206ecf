/**
 * The exchange's signature on a published proof of reserves: Ed25519 over one line naming the
 * snapshot, its time, the ledger position, the tree's size, the assets and the root with its
 * sums. The server signs with its dedicated key (DATA_DIR/secrets/reserves-signing-key); the web
 * page and `npm run verify:reserves` check it here, with Web Crypto (browsers and Node 20+).
 */

export interface SignedRoot {
  snapshot_id: string;
  /** ISO 8601, as published. */
  created_at: string;
  ledger_position: string | null;
  user_count: number;
  leaf_count: number;
  assets: string[];
  root_hash: string;
  root_sums: string[];
}

/** The exact text signed (UTF-8): fields joined by '|', lists by ','; no position: '-'. */
export function signedRootMessage(root: SignedRoot): string {
  return [
    'por-root-v1',
    root.snapshot_id,
    root.created_at,
    root.ledger_position ?? '-',
    root.user_count,
    root.leaf_count,
    root.assets.join(','),
    root.root_hash,
    root.root_sums.join(','),
  ].join('|');
}

const HEX = /^([0-9a-f]{2})+$/;

function bytesOf(hex: string): Uint8Array | null {
  if (!HEX.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
}

interface Ed25519Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    usages: ['verify'],
  ): Promise<unknown>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: unknown,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
}

const web = globalThis as unknown as {
  crypto: { subtle: Ed25519Subtle };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

/**
 * Whether `signature` (hex, 64 bytes) is the holder of `publicKey` (hex, the raw 32-byte Ed25519
 * key) signing `root`. False for anything malformed, never a throw.
 */
export async function verifyRootSignature(
  root: SignedRoot,
  signature: string,
  publicKey: string,
): Promise<boolean> {
  const sig = bytesOf(signature);
  const key = bytesOf(publicKey);
  if (sig?.length !== 64 || key?.length !== 32) return false;
  try {
    const imported = await web.crypto.subtle.importKey('raw', key, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const data = new web.TextEncoder().encode(signedRootMessage(root));
    return await web.crypto.subtle.verify({ name: 'Ed25519' }, imported, sig, data);
  } catch {
    return false;
  }
}

/** Why a signature check fails: English texts, translated by the web app's messages catalog. */
export const SIGNATURE_REFUSALS = {
  badSignature: "The exchange's signature on this root does not verify",
  otherKey: 'This proof is signed with another key than the one the exchange publishes',
} as const;
