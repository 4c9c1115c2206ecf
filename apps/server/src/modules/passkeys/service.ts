import { TWO_FACTOR_MESSAGES as M, type Passkey } from '@exchange/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context.js';
import type { ChallengePurpose } from '../../db/schema-two-factor.js';
import { AppError } from '../../lib/app-error.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { findUserById } from '../users/service.js';
import { issueChallenge, liveChallenge, spendChallenge } from '../challenges/service.js';
import {
  deletePasskey,
  insertPasskey,
  markPasskeyUsed,
  passkeyByCredential,
  userPasskeys,
  unsuspendPasskey,
  type StoredPasskey,
} from './repository.js';

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn: discoverable credentials with user verification
 * required, so one passkey signs in alone and counts as two factors. Challenges are single use,
 * five minutes long and kept hashed server-side (two-factor/challenges.ts).
 */
const TIMEOUT_MS = 5 * 60_000;

const rejected = () => new AppError('PASSKEY_INVALID', M.passkeyRejected);

/** A challenge of this purpose (and user) is spent by exactly one verification. */
const spendsChallenge =
  (ctx: AppContext, purpose: ChallengePurpose, userId: string | null) =>
  async (challenge: string) => {
    const live = await liveChallenge(ctx, purpose, challenge);
    if (!live || live.userId !== userId) return false;
    return spendChallenge(ctx, purpose, challenge);
  };

export const toPasskeyDto = (p: StoredPasskey): Passkey => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
  suspended: p.suspendedAt !== null,
});

export async function passkeysOf(ctx: AppContext, userId: string): Promise<Passkey[]> {
  return (await userPasskeys(ctx.db, userId)).map(toPasskeyDto);
}

export async function registrationOptions(
  ctx: AppContext,
  userId: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const { rpId, rpName } = ctx.config.webauthn;
  const existing = await userPasskeys(ctx.db, userId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rpId,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: Buffer.from(userId),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await issueChallenge(ctx, 'passkey_register', userId, options.challenge);
  return options;
}

/** Checks a new passkey's attestation against its challenge and keeps its public key. */
export async function registerPasskey(
  ctx: AppContext,
  userId: string,
  name: string,
  response: Record<string, unknown>,
): Promise<Passkey> {
  const { rpId, origins } = ctx.config.webauthn;
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: spendsChallenge(ctx, 'passkey_register', userId),
    expectedOrigin: origins,
    expectedRPID: rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw rejected();
  const { credential } = verification.registrationInfo;
  if (await passkeyByCredential(ctx.db, credential.id))
    throw new AppError('CONFLICT', 'This passkey is already registered');
  const stored = await insertPasskey(
    ctx.db,
    {
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    },
    ctx.now(),
  );
  await startCoolingOff(ctx, userId);
  return toPasskeyDto(stored);
}

/** Removes one of the user's passkeys; answers what it was. */
export async function removePasskey(ctx: AppContext, userId: string, id: string): Promise<Passkey> {
  const removed = await deletePasskey(ctx.db, userId, id);
  if (!removed) throw new AppError('NOT_FOUND', M.passkeyNotFound);
  await startCoolingOff(ctx, userId);
  return toPasskeyDto(removed);
}

/**
 * Keeps a passkey a password reset suspended (review N-M2): the owner, signed in again with the
 * new password, says it is theirs. It counts as a factor added.
 */
export async function confirmPasskey(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<Passkey> {
  const confirmed = await unsuspendPasskey(ctx.db, userId, id);
  if (!confirmed) throw new AppError('NOT_FOUND', M.passkeyNotFound);
  await startCoolingOff(ctx, userId);
  return toPasskeyDto(confirmed);
}

/** Options for signing in with any passkey of this site (discoverable: no user named). */
export async function loginOptions(
  ctx: AppContext,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  });
  await issueChallenge(ctx, 'passkey_login', null, options.challenge);
  return options;
}

/** Options for confirming a step-up with one of the user's own passkeys. */
export async function stepUpOptions(
  ctx: AppContext,
  userId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = (await userPasskeys(ctx.db, userId)).filter((p) => !p.suspendedAt);
  if (passkeys.length === 0) throw new AppError('NOT_FOUND', M.passkeyNotFound);
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await issueChallenge(ctx, 'passkey_login', userId, options.challenge);
  return options;
}

/** The user a passkey assertion signs in; refuses unknown passkeys and any failed check. */
export const verifyPasskeyLogin = (ctx: AppContext, response: Record<string, unknown>) =>
  verifyPasskeyAssertion(ctx, response, null);

/**
 * Checks a passkey's assertion against a live challenge: a login's (`forUser` null, any passkey)
 * or a step-up's (the challenge and the passkey both the user's). Answers the passkey's user.
 */
export async function verifyPasskeyAssertion(
  ctx: AppContext,
  response: Record<string, unknown>,
  forUser: string | null,
): Promise<string> {
  const assertion = response as unknown as AuthenticationResponseJSON;
  if (typeof assertion.id !== 'string') throw rejected();
  const passkey = await passkeyByCredential(ctx.db, assertion.id);
  if (!passkey || (forUser !== null && passkey.userId !== forUser))
    throw new AppError('PASSKEY_INVALID', M.passkeyUnknown);
  if (passkey.suspendedAt) throw new AppError('PASSKEY_INVALID', M.passkeySuspended);
  const handle: unknown = assertion.response?.userHandle;
  if (handle !== undefined && handle !== null) {
    if (
      typeof handle !== 'string' ||
      Buffer.from(handle, 'base64url').toString() !== passkey.userId
    )
      throw rejected();
  }
  const { rpId, origins } = ctx.config.webauthn;
  const verification = await verifyAuthenticationResponse({
    response: assertion,
    expectedChallenge: spendsChallenge(ctx, 'passkey_login', forUser),
    expectedOrigin: origins,
    expectedRPID: rpId,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
      counter: passkey.counter,
      transports: passkey.transports as never,
    },
  }).catch(() => null);
  if (!verification?.verified) throw rejected();
  await markPasskeyUsed(ctx.db, passkey.id, verification.authenticationInfo.newCounter, ctx.now());
  return passkey.userId;
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { passkeysAddedSince, suspendPasskeysAddedSince, usablePasskeyCount } from './repository.js';
