import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in-process that keeps what it receives. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first mail to `address`, waiting for it if need be. */
    async mailTo(address: string): Promise<ReceivedMail> {
      for (;;) {
        const mail = received.find((m) => m.to.includes(address));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Every mail received so far to `address` whose subject is `subject`. */
    mailsWith(address: string, subject: string): ReceivedMail[] {
      return received.filter((m) => m.to.includes(address) && subjectOf(m.raw) === subject);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code in a raw MIME message (quoted-printable soft breaks undone). */
export function codeIn(raw: string): string {
  const code = decodedText(raw).match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error('no code in mail');
  return code;
}

/** The Subject header of a raw MIME message. */
export function subjectOf(raw: string): string | undefined {
  return raw.match(/^Subject: (.*)$/m)?.[1]?.trim();
}

/** The Subject header with its RFC 2047 encoded words (UTF-8, B or Q) decoded: a Hindi subject. */
export function decodedSubjectOf(raw: string): string | undefined {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1];
  return header
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1'),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

/** The text of a raw MIME message with quoted-printable soft breaks and escapes undone. */
export function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
