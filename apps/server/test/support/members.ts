import type { UserRole, VerificationRequestStatus } from '@exchange/contracts';
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
  options: { role?: UserRole; kyc?: VerificationRequestStatus } = {},
): Promise<Member> {
  const now = t.clock.now();
  const email = uniqueEmail(options.role ?? 'member');
  const user = await insertUser(t.database.db, {
    email,
    firstName: 'Test',
    lastName: 'Member',
    phone: '9876543210',
    passwordHash: 'not-used',
    role: options.role ?? 'user',
    emailVerifiedAt: now,
    verificationStatus: options.kyc ?? 'approved',
  });
  const expiresAt = new Date(now.getTime() + 86_400_000);
  const sessionId = await insertSession(
    t.database.db,
    { userId: user.id, expiresAt, ip: null, userAgent: null },
    now,
  );
  const token = await t.app.ctx.tokens.sign({ userId: user.id, sessionId }, expiresAt);
  return { id: user.id, email, token };
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
  method: 'GET' | 'POST',
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
