import { AUTH_MESSAGES, emailSchema, passwordSchema } from '@exchange/contracts';
import { isCommonPassword } from '../lib/common-passwords.js';
import { z } from 'zod';
import { loadConfig } from '../config/env.js';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createAdmin } from '../modules/admin/service.js';
import { failed, onDataDir } from './data-dir-access.js';
import { readPassword } from './read-password.js';
import { printXpub, XPUB_USAGE } from './xpub.js';

const CREATE_ADMIN_USAGE =
  'usage: npm run admin -- create-admin <email>   (the password is read from stdin)';
const USAGE = `${CREATE_ADMIN_USAGE}\n${XPUB_USAGE}`;
const PASSWORD_IN_ARGS =
  'Give the password on stdin, not on the command line (ps and the shell history keep it)';

const argsSchema = z.tuple(
  [z.literal('create-admin', { error: USAGE }), emailSchema('Email is required', 'Invalid email')],
  { error: USAGE },
);

/** Operator commands: through the running server when it holds the embedded database. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'xpub' && argv.length === 1) return printXpub(process.stdin);
  if (argv[0] === 'create-admin' && argv.length > 2) return usageError(PASSWORD_IN_ARGS);
  const parsed = argsSchema.safeParse(argv);
  if (!parsed.success) return usageError(parsed.error.issues[0]?.message ?? USAGE);
  const [, email] = parsed.data;
  const password = passwordSchema.safeParse(await readPassword(process.stdin));
  if (!password.success) return usageError(password.error.issues[0]?.message ?? USAGE);
  if (isCommonPassword(password.data)) return usageError(AUTH_MESSAGES.passwordCommon);
  const config = loadConfig();
  const body = { email, password: password.data };
  // With the embedded database held by the running server, the server creates the admin.
  const { outcome } = await onDataDir(config, 'admin', {
    viaServer: (call) => call<{ outcome: string }>('/admins', { method: 'POST', body }),
    viaFiles: async () => {
      const database = connectDatabase(databaseTarget(config));
      try {
        await migrateToLatest(database.db);
        return { outcome: await createAdmin(database.db, email, password.data, new Date()) };
      } finally {
        await database.close();
      }
    },
  });
  console.log(`${outcome} admin ${email}`);
  return 0;
}

function usageError(message: string): number {
  console.error(message === USAGE ? USAGE : `${message}\n${USAGE}`);
  return 2;
}

// Whatever this run creates in DATA_DIR (the embedded database's files) is owner-only.
process.umask(0o077);
process.exitCode = await main(process.argv.slice(2)).catch(failed);
