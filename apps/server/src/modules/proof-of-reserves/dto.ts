import type { ReservesSnapshot } from '@exchange/contracts';
import type { SnapshotRecord } from './repository.js';

export function toSnapshotDto(s: SnapshotRecord): ReservesSnapshot {
  return {
    _id: s.id,
    created_at: s.createdAt.toISOString(),
    ledger_position: s.ledgerPosition,
    root_hash: s.rootHash,
    root_sums: s.rootSums,
    user_count: s.userCount,
    leaf_count: s.leafCount,
    signature: s.signature && {
      algorithm: 'Ed25519',
      public_key: s.signature.publicKey,
      value: s.signature.value,
    },
    trigger: s.adminId ? 'admin' : 'schedule',
    assets: s.assets,
  };
}
