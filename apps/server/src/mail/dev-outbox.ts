import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.js';

export interface OutboxEntry extends MailMessage {
  id: string;
  sent_at: string;
}

const KEEP = 200;

/**
 * Development stand-in for SMTP: each message is logged (code included), kept in memory and
 * written to `dir` so a separately started process can read it. Never used in production.
 */
export class DevOutbox implements Mailer {
  readonly #entries: OutboxEntry[] = [];

  constructor(
    private readonly dir: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const entry: OutboxEntry = { id: randomUUID(), sent_at: new Date().toISOString(), ...message };
    this.#entries.push(entry);
    if (this.#entries.length > KEEP) this.#entries.shift();
    this.log.info({ to: message.to, subject: message.subject }, `dev outbox:\n${message.text}`);
    if (this.dir) {
      // Owner-only: the messages hold login and reset codes.
      await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const name = `${entry.sent_at.replace(/[:.]/g, '-')}-${entry.id}.json`;
      await fs.writeFile(path.join(this.dir, name), JSON.stringify(entry, null, 2), {
        mode: 0o600,
      });
    }
  }

  /** Newest first. */
  list(email?: string): OutboxEntry[] {
    const all = email ? this.#entries.filter((e) => e.to === email.toLowerCase()) : this.#entries;
    return [...all].reverse();
  }

  async close(): Promise<void> {}
}
