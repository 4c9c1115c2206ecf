/**
 * Verhoeff check digit, the checksum UIDAI puts in the last digit of every Aadhaar number. It
 * catches every single-digit typo and every swap of adjacent digits.
 */
// The dihedral group D5's multiplication table, the position permutation and the inverses, as
// flat digit strings: row r, column c is the digit at r * 10 + c.
const MULTIPLY =
  '0123456789' +
  '1234067895' +
  '2340178956' +
  '3401289567' +
  '4012395678' +
  '5987604321' +
  '6598710432' +
  '7659821043' +
  '8765932104' +
  '9876543210';
const PERMUTE =
  '0123456789' +
  '1576283094' +
  '5803796142' +
  '8916043527' +
  '9453126870' +
  '4286573901' +
  '2793806415' +
  '7046913258';
const INVERSE = '0432156789';

const at = (table: string, index: number) => table.charCodeAt(index) - 48;

function checksum(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = at(MULTIPLY, c * 10 + at(PERMUTE, ((i + offset) % 8) * 10 + d));
  }
  return c;
}

/** True when the last digit of `digits` (all 0-9) is the Verhoeff check digit of the rest. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && checksum(digits, 0) === 0;
}

/** The digit to append to `digits` (all 0-9) so that the result passes `verhoeffValid`. */
export function verhoeffCheckDigit(digits: string): number {
  return at(INVERSE, checksum(digits, 1));
}
