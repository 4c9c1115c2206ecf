import type { UserRole, VerificationRequestStatus } from '@exchange/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { insertStoredFiles } from '../../src/modules/files/repository.js';
import { identityVault } from '../../src/lib/identity-vault.js';
import { notePanOnRecord } from '../../src/core/tax/pan-on-record.js';
import { insertToken } from './listings.js';
import { insertSession } from '../../src/modules/sessions/repository.js';
import { insertUser } from '../../src/modules/users/repository.js';
import { uniqueEmail } from './accounts.js';
import type { TestApp } from './test-app.js';

export interface Member {
  id: string;
  email: string;
  token: string;
}

/**
 * A verified user with a live session, made directly in the database: tests of wallets and
 * trading need many users, and sign-up and login have their own tests.
 */
export async function member(
  t: TestApp,
  options: {
    role?: UserRole;
    kyc?: VerificationRequestStatus;
    pan?: boolean;
    name?: [first: string, last: string];
  } = {},
): Promise<Member> {
  const now = t.clock.now();
  const email = uniqueEmail(options.role ?? 'member');
  const user = await insertUser(t.database.db, {
    email,
    firstName: options.name?.[0] ?? 'Test',
    lastName: options.name?.[1] ?? 'Member',
    phone: '9876543210',
    passwordHash: 'not-used',
    role: options.role ?? 'user',
    emailVerifiedAt: now,
    verificationStatus: options.kyc ?? 'approved',
  });
  const token = await sessionToken(t, user.id);
  if (options.pan) await approvedIdentity(t, user.id, randomPan());
  return { id: user.id, email, token };
}

/** A new 24-hour session for the user (as a login would open), its access token. */
export async function sessionToken(t: TestApp, userId: string): Promise<string> {
  const now = t.clock.now();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  const sessionId = await insertSession(
    t.database.db,
    { userId, expiresAt, ip: null, userAgent: null },
    now,
  );
  return t.app.ctx.tokens.sign({ userId, sessionId }, now, expiresAt);
}

/** A valid-looking PAN of a person: five letters (the fourth P), four digits, a letter. */
export function randomPan(): string {
  const letter = () => String.fromCharCode(65 + randomInt(26));
  return `${letter()}${letter()}${letter()}P${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}`;
}

/**
 * An approved identity verification request with `pan`, as an admin's approval leaves it (its
 * images are rows only: these tests never read them), and the trading core told of the PAN.
 */
export async function approvedIdentity(t: TestApp, userId: string, pan: string): Promise<void> {
  const now = t.clock.now();
  const vault = await identityVault(t.app.ctx.config);
  const image = {
    ownerId: userId,
    contentType: 'image/png' as const,
    size: 1,
    width: 1,
    height: 1,
    createdAt: now,
  };
  const [a, b, c] = await insertStoredFiles(t.database.db, [
    { ...image, path: `test-${randomUUID()}` },
    { ...image, path: `test-${randomUUID()}` },
    { ...image, path: `test-${randomUUID()}` },
  ]);
  await t.database.db
    .insertInto('kyc_requests')
    .values({
      user_id: userId,
      status: 'approved',
      aadhaar_last4: '1234',
      aadhaar_hash: vault.aadhaarHash(String(randomInt(1e11, 1e12))),
      pan_hash: vault.panHash(pan),
      pan_ciphertext: vault.encryptPan(pan, userId),
      aadhaar_image_1: a!.id,
      aadhaar_image_2: b!.id,
      pan_image: c!.id,
      reviewed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.app.ctx.core.sequencer.submit(notePanOnRecord(userId));
}

/** USDT (6 decimals on Ethereum, 18 on BSC) and ETH (native on Ethereum). */
export async function listTestTokens(t: TestApp): Promise<{ usdt: string; eth: string }> {
  const usdt = await insertToken(t.database.db, {
    name: 'Tether USD',
    shortName: 'USDT',
    decimals: 6,
    networks: [
      {
        network: 'ethereum',
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        decimals: 6,
      },
      {
        network: 'bsc',
        contractAddress: '0x55d398326f99059fF775485246999027B3197955',
        decimals: 18,
      },
    ],
  });
  const eth = await insertToken(t.database.db, {
    name: 'Ethereum',
    shortName: 'ETH',
    decimals: 8,
    networks: [{ network: 'ethereum', contractAddress: null, decimals: 18 }],
  });
  await t.app.ctx.core.tokens.reload();
  return { usdt, eth };
}

export const authed = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  t.request({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
