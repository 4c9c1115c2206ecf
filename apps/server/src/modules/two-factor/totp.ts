import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of now, for clocks and typing: RFC 6238's transmission delay. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const ISSUER = 'Exchange';

/** A new 160-bit secret, base32 as apps expect it. */
export const newTotpSecret = (): string => generateSecret();

/** otpauth://totp/Exchange:<email>?secret=…, what the QR code carries. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD_SECONDS });

/** The time step a code belongs to (within one step of `now`), or null if it matches none. */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Seconds until the app shows the code of the step after `lastStep`, the first one a replay check
 * lets through (walk-4 W4-25: right after turning the app on, its code is spent and the user
 * waits; the refusal says how long). At least 1.
 */
export function secondsToNextCode(lastStep: number, now: Date): number {
  const next = (lastStep + 1) * PERIOD_SECONDS;
  return Math.max(1, next - Math.floor(now.getTime() / 1000));
}
