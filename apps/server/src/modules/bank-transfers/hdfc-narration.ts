import { normaliseUtr, UPI_ID_PATTERN } from '@exchange/contracts';

/** Who paid a credit, as an HDFC Bank narration tells it, and the credit's UTR (null: none found). */
export interface HdfcRemitter {
  utr: string | null;
  name: string;
  vpa: string | null;
  ifsc: string | null;
  account: string | null;
}

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const UPI_UTR = /^\d{12}$/;
const BANK_CODE = /^[A-Z]{4}$/;
const MASKED_ACCOUNT = /^[X*\d]*\d{4}$/i;

/**
 * HDFC Bank's narration of a credit, by channel (review 4, N4-M5: the payer's name, VPA and note
 * are theirs to choose and may hold hyphens, so each is found by the bank's fixed fields around
 * it, never by counting hyphens):
 * - `UPI-<name>-<vpa>-<ifsc>-<12-digit UTR>-<note>`: anchored on the IFSC followed by the UTR (the
 *   one the reference column names, when it names one); the VPA is the hyphen-joined run ending in
 *   `@provider`, the name what is before it;
 * - `IMPS-<12-digit UTR>-<name>-<bank>-<masked account>-<note>`: the UTR first, the name up to the
 *   bank's 4-letter code followed by the masked account;
 * - `NEFT CR-<ifsc>-<name>-<note>-<UTR>`: the UTR last, the IFSC first, the name before the note.
 * Anything else: the reference column's UTR. A UTR that the narration and the reference column
 * give differently, or that the narration gives twice, is no UTR: the line is left to an admin.
 */
export function hdfcRemitter(narration: string, ref: string): HdfcRemitter {
  const parts = narration.split('-').map((p) => p.trim());
  const refUtr = normaliseUtr(ref);
  const none = { name: '', vpa: null, ifsc: null, account: null };
  if (parts[0] === 'UPI') return upi(parts, refUtr) ?? { ...none, utr: null };
  if (parts[0] === 'IMPS') return imps(parts, refUtr) ?? { ...none, utr: null };
  if (parts[0] === 'NEFT CR') return neft(parts, refUtr);
  return { ...none, utr: refUtr };
}

/** The bank's UTR agrees with the reference column's 12-digit one, when the column has one. */
const agrees = (utr: string, refUtr: string | null) =>
  refUtr === null || !UPI_UTR.test(refUtr) || utr === refUtr;

function upi(parts: string[], refUtr: string | null): HdfcRemitter | null {
  const anchors = parts
    .map((p, i) => i)
    .filter(
      (i) =>
        i >= 2 &&
        IFSC.test(parts[i] as string) &&
        UPI_UTR.test(parts[i + 1] ?? '') &&
        agrees(parts[i + 1] as string, refUtr),
    );
  if (anchors.length !== 1) return null;
  const at = anchors[0] as number;
  return {
    ...nameAndVpa(parts.slice(1, at)),
    ifsc: parts[at] as string,
    utr: parts[at + 1] as string,
    account: null,
  };
}

/**
 * A UPI narration's `<name>-<vpa>`: the VPA is the last piece (it holds the `@`) with the pieces
 * before it that read as part of a handle (no spaces; lower case when the VPA is, which is how
 * the bank writes what the payer chose); at least one piece is left for the name.
 */
export function nameAndVpa(pieces: string[]): { name: string; vpa: string | null } {
  const last = pieces.length - 1;
  if (last < 0 || !pieces[last]?.includes('@')) return { name: pieces.join('-'), vpa: null };
  const lower = !/[A-Z]/.test(pieces[last]);
  let start = last;
  while (start > 1) {
    const piece = pieces[start - 1] as string;
    if (piece === '' || /\s/.test(piece) || (lower && /[A-Z]/.test(piece))) break;
    start -= 1;
  }
  const vpa = pieces.slice(start).join('-').toLowerCase();
  return {
    name: pieces.slice(0, start).join('-'),
    vpa: UPI_ID_PATTERN.test(vpa) ? vpa : null,
  };
}

function imps(parts: string[], refUtr: string | null): HdfcRemitter | null {
  const utr = parts[1] ?? '';
  if (!UPI_UTR.test(utr) || !agrees(utr, refUtr)) return null;
  const rest = parts.slice(2);
  const bank = rest.findIndex(
    (p, j) => j >= 1 && BANK_CODE.test(p) && MASKED_ACCOUNT.test(rest[j + 1] ?? ''),
  );
  return bank < 0
    ? { utr, name: rest[0] ?? '', vpa: null, ifsc: null, account: null }
    : {
        utr,
        name: rest.slice(0, bank).join('-'),
        vpa: null,
        ifsc: null,
        account: rest[bank + 1] as string,
      };
}

/** The narration's last piece is the NEFT UTR; the reference column's when it is not one. */
function neft(parts: string[], refUtr: string | null): HdfcRemitter {
  const ifsc = IFSC.test(parts[1] ?? '') ? (parts[1] as string) : null;
  const utr = parts.length > 2 ? normaliseUtr(parts[parts.length - 1] as string) : null;
  const middle = parts.slice(ifsc ? 2 : 1, -1);
  const name = middle.length >= 2 ? middle.slice(0, -1).join('-') : (middle[0] ?? '');
  return { utr: utr ?? refUtr, name, vpa: null, ifsc, account: null };
}
