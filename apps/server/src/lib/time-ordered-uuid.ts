import { randomFillSync } from 'node:crypto';

/** Random bytes for 256 ids at a time: one call into the system's generator, not one per id. */
const pool = Buffer.alloc(16 * 256);
let used = pool.length;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds in its first 48 bits, then 74
 * random bits. Ids made later sort later, so a primary key of them grows at its right edge as a
 * sequence does, where random (version 4) ids land on any page of the index: the ledger writes
 * one per transaction on its hottest path.
 */
export function timeOrderedUuid(nowMs = Date.now()): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  // Written and read in the pool where the id's bytes lie: no Buffer view made per id.
  const at = used;
  used += 16;
  const high = Math.floor(nowMs / 0x10000);
  const low = nowMs % 0x10000;
  pool[at] = high >>> 24;
  pool[at + 1] = (high >>> 16) & 0xff;
  pool[at + 2] = (high >>> 8) & 0xff;
  pool[at + 3] = high & 0xff;
  pool[at + 4] = low >>> 8;
  pool[at + 5] = low & 0xff;
  pool[at + 6] = 0x70 | ((pool[at + 6] as number) & 0x0f);
  pool[at + 8] = 0x80 | ((pool[at + 8] as number) & 0x3f);
  let s = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += HEX[pool[at + i] as number];
  }
  return s;
}
