/** Text made safe to place in HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail's simple HTML: a title and paragraphs (already escaped or built from escaped text). */
export function mailLayout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e2329">
<h2 style="margin:0 0 16px">${escapeHtml(title)}</h2>${body}</body></html>`;
}
