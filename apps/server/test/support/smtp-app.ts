import { afterAll, beforeAll } from 'vitest';
import type { DbKind } from '../../src/db/connect.js';
import { startSmtpSink } from './smtp-sink.js';
import { createTestApp, type TestApp } from './test-app.js';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * For a describe block: the app on `kind` mailing through a real SMTP server in-process, both
 * started before its tests and closed after them.
 */
export function useSmtpApp(kind: DbKind): { readonly t: TestApp; readonly smtp: SmtpSink } {
  let smtp: SmtpSink | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('used outside the tests of its describe block');
    return value;
  };
  return {
    get t() {
      return started(t);
    },
    get smtp() {
      return started(smtp);
    },
  };
}
