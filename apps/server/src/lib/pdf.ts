/**
 * A small PDF 1.4 writer for text reports (the Schedule VDA summary): A4 pages of lines in the
 * standard Helvetica fonts, which every reader has, so nothing is embedded. Text is printable
 * ASCII (anything else becomes "?"): the reports write "Rs." for the rupee sign.
 */

/** One line of text: its x from the left margin (points), whether bold, its size. */
export interface PdfLine {
  text: string;
  x?: number;
  bold?: boolean;
  size?: number;
  /** Printed on the same baseline as the line before it (table columns). */
  sameRow?: boolean;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 48;

/** Escapes a string for a PDF literal: backslash and parentheses, non-ASCII as "?". */
export function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Splits the lines over pages, top to bottom; each page's content stream. */
function pageStreams(lines: readonly PdfLine[]): string[] {
  const pages: string[][] = [];
  let page: string[] = [];
  pages.push(page);
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    if (!line.sameRow) y -= size + 4;
    if (y < MARGIN) {
      page = [];
      pages.push(page);
      y = PAGE_HEIGHT - MARGIN - size;
    }
    const font = line.bold ? 'F2' : 'F1';
    const x = MARGIN + (line.x ?? 0);
    page.push(`BT /${font} ${size} Tf ${x} ${y} Td (${pdfText(line.text)}) Tj ET`);
  }
  return pages.map((ops) => ops.join('\n'));
}

/** The whole document as bytes. */
export function renderPdf(lines: readonly PdfLine[]): Buffer {
  const streams = pageStreams(lines);
  const objects: string[] = [];
  const pageIds = streams.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${streams.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] =
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  streams.forEach((content, i) => {
    const id = 5 + i * 2;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
