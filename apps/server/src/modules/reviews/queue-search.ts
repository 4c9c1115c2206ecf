/**
 * What a queue's search text means: a whole transaction hash, a whole address, or part of an
 * email (or name), matched case-insensitively with LIKE's wildcards taken literally.
 */
export type QueueSearch =
  | { kind: 'hash'; value: string }
  | { kind: 'address'; value: string }
  | { kind: 'text'; pattern: string };

export function queueSearch(search: string | undefined): QueueSearch | null {
  const text = search?.trim();
  if (!text) return null;
  if (/^0x[0-9a-fA-F]{64}$/.test(text)) return { kind: 'hash', value: text.toLowerCase() };
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return { kind: 'address', value: text.toLowerCase() };
  return { kind: 'text', pattern: `%${text.replace(/[\\%_]/g, '\\$&')}%` };
}
