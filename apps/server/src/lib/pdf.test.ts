import { describe, expect, it } from 'vitest';
import { pdfText, renderPdf } from './pdf.js';

/** Each object the cross-reference table points at starts at its offset. */
function checkXref(pdf: string): number {
  const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
  expect(pdf.slice(xref, xref + 4)).toBe('xref');
  const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  return offsets.length;
}

describe('renderPdf', () => {
  it('writes a document whose cross-reference table points at each object', () => {
    const pdf = renderPdf([{ text: 'Schedule VDA', bold: true }, { text: 'Rs. 12.34' }]).toString(
      'latin1',
    );
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    expect(checkXref(pdf)).toBe(6);
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain('(Schedule VDA) Tj');
  });

  it('starts a new page when one is full', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}` }));
    const pdf = renderPdf(lines).toString('latin1');
    expect(pdf).toContain('/Count 3');
    expect(checkXref(pdf)).toBe(4 + 3 * 2);
  });

  it('escapes what would end a string, and writes no byte outside printable ASCII', () => {
    expect(pdfText('a (b) \\ ₹ c')).toBe('a \\(b\\) \\\\ ? c');
  });
});
