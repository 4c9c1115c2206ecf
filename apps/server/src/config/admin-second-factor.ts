/**
 * Whether an admin must have a second factor (an authenticator app or a passkey) before any admin
 * call, money decisions included (walk-3 D2): always in production; in development, what
 * `npm start` runs, on unless ADMIN_SECOND_FACTOR=0 (the demo admin is enrolled for it, see
 * demo/admin-totp.ts); under tests off unless ADMIN_SECOND_FACTOR=1.
 */
export function adminSecondFactorOn(
  value: string | undefined,
  nodeEnv: 'production' | 'development' | 'test',
): boolean {
  if (nodeEnv === 'production') return true;
  const given = value?.trim().toLowerCase();
  if (given === '1' || given === 'true') return true;
  if (given === '0' || given === 'false') return false;
  return nodeEnv === 'development';
}
