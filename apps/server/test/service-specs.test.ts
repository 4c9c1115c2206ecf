import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));

/**
 * The modules whose `service.ts` has a `service.test.ts` beside it (over `testContext`): a
 * ratchet, so the count only grows. Add a module here when its spec lands.
 */
const SPECCED = [
  'address-book',
  'anti-phishing',
  'api-key-store',
  'audit-trail',
  'challenges',
  'cooling-off',
  'deposits',
  'login-history',
  'profile',
  'security-notices',
  'sessions',
  'users',
  'wallets',
];

describe('specs beside services', () => {
  const withService = readdirSync(MODULES).filter((m) => existsSync(`${MODULES}/${m}/service.ts`));
  const specced = withService.filter((m) => existsSync(`${MODULES}/${m}/service.test.ts`));

  it('keeps every listed service spec, and lists every new one', () => {
    expect(specced.sort()).toEqual(SPECCED);
  });

  it('counts the services with a spec beside them', () => {
    expect(withService.length).toBeGreaterThanOrEqual(33);
    expect(specced.length).toBe(SPECCED.length);
  });
});
