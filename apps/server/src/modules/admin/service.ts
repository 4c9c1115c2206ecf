import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { refuseCommonPassword } from '../auth/new-password.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeUserSessions } from '../sessions/service.js';
import { findUserByEmail, insertUser, updateUser } from '../users/service.js';

/**
 * Creates a verified admin, or promotes an existing account: it becomes verified, takes the
 * given password and loses its sessions (they were issued under the old password).
 */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
  now: Date,
): Promise<'created' | 'promoted'> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      await updateUser(
        trx,
        existing.id,
        { role: 'admin', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? now },
        now,
      );
      await revokeUserSessions(trx, existing.id, now);
      return 'promoted';
    }
    await insertUser(trx, {
      email,
      firstName: 'Admin',
      lastName: '',
      phone: null,
      passwordHash,
      role: 'admin',
      emailVerifiedAt: now,
    });
    return 'created';
  });
}

/**
 * `createAdmin` run by the server itself (`POST /api/v1/ops/admins`, how `npm run admin` reaches
 * an embedded database the server holds): a promoted account's sessions also leave this
 * process's cache and its open sockets at once.
 */
export async function createAdminServed(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<'created' | 'promoted'> {
  refuseCommonPassword(password);
  const outcome = await createAdmin(ctx.db, email, password, ctx.now());
  const user = outcome === 'promoted' ? await findUserByEmail(ctx.db, email) : null;
  if (user) {
    ctx.sessions.forgetUser(user.id);
    ctx.sessionEnds.announce({ userId: user.id });
  }
  return outcome;
}
