/** What a refused text says (review 4, N4-L1). */
export const TEXT_MESSAGES = {
  unstorable: 'Text cannot contain control characters or broken characters',
} as const;

/** NUL, or a UTF-16 surrogate that is not one half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL (and any UTF-8 reader) can keep `text` as sent: a NUL character cannot be in
 * a `text` value ("invalid byte sequence for encoding UTF8", a 500 before review N4-L1), and an
 * unpaired surrogate has no UTF-8 form at all.
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string in `value` (a parsed request: objects, arrays, strings) that is
 * not storable, its keys included; null when every string is. Depth is bounded by the request's
 * own parse.
 */
export function unstorableTextPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
