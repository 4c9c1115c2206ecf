/**
 * A bank transfer's reference as this exchange keeps it (review 4, I4-1), the same for a user's
 * claim and for both statement layouts, so one bank credit has one claim key: spaces dropped,
 * upper-cased, and a reference column's zero padding (`0000` + the 12-digit UPI/IMPS UTR, as HDFC
 * writes it) removed. Null when what is left is not a UTR: 12 to 22 letters or digits.
 */
export function normaliseUtr(text: string): string | null {
  const utr = text
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^0+(?=\d{12}$)/, '');
  return /^[A-Z0-9]{12,22}$/.test(utr) ? utr : null;
}
