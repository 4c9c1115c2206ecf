import type { Db } from '../../db/connect.js';
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
