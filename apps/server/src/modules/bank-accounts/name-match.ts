/**
 * Whether a bank's holder name is the verified identity's name (or a statement's payer name is
 * the account's holder name), as banks print names differently ("RAHUL SHARMA", "Sharma Rahul",
 * "Mr. Rahul Sharma", "R SHARMA"). The rule is one-way (review N4-H1): the first name, the one a
 * bank or a statement printed, may leave words out of the second, never add any.
 *
 * 1. Both names are upper-cased; dots and commas become spaces; titles (MR, MRS, MS, MISS, DR,
 *    SHRI, SMT, KUM, KUMARI) are dropped; what is left are the names' words, in any order.
 * 2. Every word of the first name must pair with a different word of the second: the same word,
 *    an initial (one letter) for a word with that first letter, or, for words of five letters or
 *    more, a word one typing slip away (one letter added, dropped or changed). A word that pairs
 *    with none refuses the match: "AMIT VERMA SUNITA DEVI" is not "Amit Verma", and
 *    "RAHUL K SHARMA" is not "Rahul Sharma" (nothing there for the K).
 * 3. At least two words must pair in full (not as an initial), or one when the second name is a
 *    single word: "R SHARMA" or "SHARMA" is not enough for "RAHUL SHARMA"; "RAHUL SHARMA" is for
 *    "Rahul Kumar Sharma", and so is "RAHUL K SHARMA".
 */
export type NameMatch = 'exact' | 'fuzzy' | 'none';

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SMT', 'KUM', 'KUMARI']);

export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

/** Within one insertion, deletion or substitution of each other. */
function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let slips = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++slips > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return slips + (a.length - i) + (b.length - j) <= 1;
}

type Pairing = 'full' | 'initial' | null;

function pairOf(word: string, other: string): Pairing {
  if (word === other) return 'full';
  if (word.length === 1 && other.startsWith(word)) return 'initial';
  if (other.length === 1 && word.startsWith(other)) return 'initial';
  if (word.length >= 5 && other.length >= 5 && oneSlipApart(word, other)) return 'full';
  return null;
}

export function matchNames(name: string, of: string): NameMatch {
  const a = nameWords(name);
  const b = nameWords(of);
  if (a.length === 0 || b.length === 0) return 'none';
  if (a.join(' ') === b.join(' ')) return 'exact';
  if (a.length > b.length) return 'none';
  const free = [...b];
  let full = 0;
  // Full words pair first, so an initial never takes a word a full word needs.
  const ordered = [...a].sort((x, y) => y.length - x.length);
  for (const word of ordered) {
    let best = -1;
    let kind: Pairing = null;
    for (const [i, other] of free.entries()) {
      const p = pairOf(word, other);
      if (p === 'full') {
        best = i;
        kind = p;
        break;
      }
      if (p === 'initial' && best < 0) {
        best = i;
        kind = p;
      }
    }
    if (best < 0) return 'none';
    free.splice(best, 1);
    if (kind === 'full') full++;
  }
  const needed = b.length === 1 ? 1 : 2;
  return full >= needed ? 'fuzzy' : 'none';
}
