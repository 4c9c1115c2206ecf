import { emailSchema, passwordSchema } from '@exchange/contracts';
import { z } from 'zod';
import { loadConfig } from '../config/env.js';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createAdmin } from '../modules/admin/service.js';
import { printXpub, XPUB_USAGE } from './xpub.js';

const CREATE_ADMIN_USAGE = 'usage: npm run admin -- create-admin <email> <password>';
const USAGE = `${CREATE_ADMIN_USAGE}\n${XPUB_USAGE}`;

const argsSchema = z.tuple(
  [
    z.literal('create-admin', { error: USAGE }),
    emailSchema('Email is required', 'Invalid email'),
    passwordSchema,
  ],
  { error: USAGE },
);

/** Operator commands. With the embedded database, run them while the server is stopped. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'xpub' && argv.length === 1) return printXpub(process.stdin);
  const parsed = argsSchema.safeParse(argv);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? USAGE;
    console.error(message === USAGE ? USAGE : `${message}\n${USAGE}`);
    return 2;
  }
  const [, email, password] = parsed.data;
  const config = loadConfig();
  const database = connectDatabase(databaseTarget(config));
  try {
    await migrateToLatest(database.db);
    const outcome = await createAdmin(database.db, email, password, new Date());
    console.log(`${outcome} admin ${email}`);
    return 0;
  } finally {
    await database.close();
  }
}

// Whatever this run creates in DATA_DIR (the embedded database's files) is owner-only.
process.umask(0o077);
process.exitCode = await main(process.argv.slice(2));
