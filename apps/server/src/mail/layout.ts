import type { Language } from '@exchange/contracts';

/** Text made safe to place in HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where a mail's HTML shows the recipient's anti-phishing code, when they set one. */
const ANTI_PHISHING_SLOT = '<!--anti-phishing-->';

/**
 * A mail's simple HTML: a title and paragraphs (already escaped or built from escaped text), in
 * `language` (its `lang`, and fonts that have Devanagari for Hindi).
 */
export function mailLayout(title: string, paragraphs: string[], language: Language = 'en'): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('');
  const fonts =
    language === 'hi' ? "'Noto Sans Devanagari',Mangal,Arial,sans-serif" : 'Arial,sans-serif';
  return `<!doctype html><html lang="${language}"><body style="font-family:${fonts};color:#1e2329">
${ANTI_PHISHING_SLOT}<h2 style="margin:0 0 16px">${escapeHtml(title)}</h2>${body}</body></html>`;
}

/** The line that opens every mail to a user who set an anti-phishing code (issue 35 item 4). */
export const antiPhishingLine = (code: string, language: Language = 'en') =>
  language === 'hi' ? `आपका एंटी-फ़िशिंग कोड: ${code}` : `Your anti-phishing code: ${code}`;

/**
 * A mail with the recipient's anti-phishing code at the top of its text and HTML: a mail that
 * claims to come from the exchange without it did not. Without a code the mail stays as it is.
 */
export function withAntiPhishingCode<T extends { text: string; html: string }>(
  message: T,
  code: string | null,
): T {
  if (!code) return message;
  // In the mail's own language, which its layout wrote on <html>.
  const line = antiPhishingLine(code, message.html.includes('<html lang="hi">') ? 'hi' : 'en');
  const banner = `<p style="margin:0 0 16px;padding:8px 12px;background:#fef6d8;border-radius:4px">${escapeHtml(line)}</p>`;
  return {
    ...message,
    text: `${line}\n\n${message.text}`,
    html: message.html.replace(ANTI_PHISHING_SLOT, banner),
  };
}
