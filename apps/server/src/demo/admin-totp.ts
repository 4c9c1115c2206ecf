import path from 'node:path';
import type { AppContext } from '../context.js';
import { identityVault } from '../lib/identity-vault.js';
import { loadOrCreateSecretFile } from '../lib/secrets.js';
import { saveEnabledSecret } from '../modules/two-factor/repository.js';
import { hasSecondFactor } from '../modules/two-factor/service.js';
import { newTotpSecret, totpUri } from '../modules/two-factor/totp.js';

/** Beside the data, owner-only: the demo admin's authenticator secret (base32). */
export const DEMO_ADMIN_TOTP_FILE = 'demo-admin-totp.txt';

/**
 * Walk-3 D2: where admins must have a second factor (`config.adminSecondFactor`, on with
 * `npm start`), the demo admin has an authenticator app from the start, so its money decisions
 * ask for a code. Its secret is generated once per data folder and kept in
 * `DATA_DIR/demo-admin-totp.txt`; the answer (the secret and its otpauth URI) is printed with the
 * account. An admin who already has a second factor keeps it. Null when the rule is off.
 */
export async function enrolDemoAdmin(
  ctx: AppContext,
  admin: { id: string; email: string },
): Promise<{ secret: string; otpauth_uri: string } | null> {
  if (!ctx.config.adminSecondFactor) return null;
  const file = path.join(ctx.config.dataDir, DEMO_ADMIN_TOTP_FILE);
  const { value } = await loadOrCreateSecretFile(file, () => `${newTotpSecret()}\n`);
  const secret = value.trim();
  if (!(await hasSecondFactor(ctx.db, admin.id))) {
    const vault = await identityVault(ctx.config);
    await saveEnabledSecret(ctx.db, admin.id, vault.sealTotpSecret(secret, admin.id), ctx.now());
  }
  return { secret, otpauth_uri: totpUri(secret, admin.email) };
}
