import { createHmac } from 'node:crypto';

/**
 * A key's check value, as banks keep a KCV beside a key's name: a MAC of a fixed label under the
 * key, so the database can tell whether the key it meets is the one its data was written with,
 * and reveals nothing of the key.
 */
export function keyCheckValue(name: string, key: string): string {
  return createHmac('sha256', key).update(`exchange-key-check|${name}`).digest('base64url');
}

/** What start-up knows of one key. */
export interface KeyFacts {
  /** The check value the database keeps for it; null: none recorded yet. */
  stored: string | null;
  /** The check value of the key found now; null: its file is missing. */
  found: string | null;
  /** Whether the database holds data written with this key (sealed numbers, signed roots, …). */
  inUse: boolean;
}

/**
 * What to do with a key at start: use it (`keep`), make it and record its check value
 * (`create`: only over a database that has none and holds nothing written with one), record the
 * check value of the key found (`record`: the first start since checks began), or refuse to
 * start: the key is `missing` while the database holds data written with one, or `wrong` (not
 * the one recorded). A new key is never made over existing data: everything written with the
 * old one would become unreadable.
 */
export function judgeKey(facts: KeyFacts): 'keep' | 'create' | 'record' | 'missing' | 'wrong' {
  if (facts.found === null) return facts.stored !== null || facts.inUse ? 'missing' : 'create';
  if (facts.stored === null) return 'record';
  return facts.stored === facts.found ? 'keep' : 'wrong';
}
