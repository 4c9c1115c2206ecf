import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { USER_ROLES } from '@exchange/contracts';
import { z } from 'zod';
import { loadOrCreateSecretFile } from '../lib/secrets.js';
import { DEMO_ACCOUNTS } from './accounts.js';

/** Beside the data, owner-only: the generated passwords of the demo accounts that can log in. */
export const DEMO_CREDENTIALS_FILE = 'demo-accounts.json';

const credentialsSchema = z.array(
  z.object({ email: z.string(), password: z.string(), role: z.enum(USER_ROLES) }),
);
export type DemoCredential = z.infer<typeof credentialsSchema>[number];

export interface DemoCredentials {
  accounts: DemoCredential[];
  /**
   * false: read back from the file this data folder already had, so the accounts were seeded with
   * them. true: given by DEMO_PASSWORD or generated just now, so a database seeded earlier (kept
   * while the data folder was emptied, or with another DEMO_PASSWORD) must be told.
   */
  fresh: boolean;
}

/**
 * The passwords of the demo user and admin: DEMO_PASSWORD for both when set; otherwise generated
 * once per data folder and kept in `DATA_DIR/demo-accounts.json`. A published password would
 * open the demo admin of every instance started with the defaults.
 */
export async function loadDemoCredentials(
  dataDir: string,
  given: string | null,
): Promise<DemoCredentials> {
  const accounts = DEMO_ACCOUNTS.filter((a) => a.canLogIn);
  if (given) {
    return {
      accounts: accounts.map((a) => ({ email: a.email, password: given, role: a.role })),
      fresh: true,
    };
  }
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  const { value, created } = await loadOrCreateSecretFile(file, () => {
    const generated = accounts.map((a) => ({
      email: a.email,
      password: generatePassword(),
      role: a.role,
    }));
    return `${JSON.stringify(generated, null, 2)}\n`;
  });
  const parsed = credentialsSchema.safeParse(JSON.parse(value));
  const missing = accounts.find((a) => !parsed.data?.some((c) => c.email === a.email));
  if (!parsed.success || missing) {
    throw new Error(`${file} does not list the demo accounts; delete it to generate new ones`);
  }
  return { accounts: parsed.data, fresh: created };
}

/** 28 characters, 128 random bits; the prefix meets the sign-up rule's letter and digit classes. */
function generatePassword(): string {
  return `Demo7-${randomBytes(16).toString('base64url')}`;
}
