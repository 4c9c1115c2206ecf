import type { UserRole, VerificationRequestStatus } from '@exchange/contracts';

export interface LiveSession {
  userId: string;
  role: UserRole;
  expiresAt: Date;
}

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Live sessions and users' verification status, remembered for a few seconds so a busy trader's
 * requests do not each cost two database round trips. Whatever revokes a session or changes a
 * status in this process forgets it at once; another process's change shows within `ttlMs`.
 */
export class SessionCache {
  private readonly sessions = new Map<string, Entry<LiveSession>>();
  private readonly verification = new Map<string, Entry<VerificationRequestStatus>>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly max = 100_000,
  ) {}

  session(sessionId: string, now: Date): LiveSession | undefined {
    const entry = this.sessions.get(sessionId);
    if (!entry || entry.until <= now.getTime() || entry.value.expiresAt <= now) return undefined;
    return entry.value;
  }

  rememberSession(sessionId: string, session: LiveSession, now: Date): void {
    this.bound(this.sessions);
    this.sessions.set(sessionId, { value: session, until: now.getTime() + this.ttlMs });
  }

  verificationOf(userId: string, now: Date): VerificationRequestStatus | undefined {
    const entry = this.verification.get(userId);
    return entry && entry.until > now.getTime() ? entry.value : undefined;
  }

  rememberVerification(userId: string, status: VerificationRequestStatus, now: Date): void {
    this.bound(this.verification);
    this.verification.set(userId, { value: status, until: now.getTime() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /** After a password reset, a role change or an identity review. */
  forgetUser(userId: string): void {
    this.verification.delete(userId);
    for (const [id, entry] of this.sessions)
      if (entry.value.userId === userId) this.sessions.delete(id);
  }

  private bound(map: Map<string, unknown>): void {
    if (map.size >= this.max) map.clear();
  }
}
