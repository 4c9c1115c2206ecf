import type { UserRole, VerificationRequestStatus } from '@exchange/contracts';

export interface LiveSession {
  userId: string;
  role: UserRole;
  expiresAt: Date;
}

/** How stale a session's last_seen_at may be. */
export const LAST_SEEN_WRITE_MS = 60_000;

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
  /** When this process last wrote each session's last_seen_at (epoch ms). */
  private readonly seenWritten = new Map<string, number>();

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
    this.seenWritten.delete(sessionId);
  }

  /**
   * Whether a request now should write the session's last_seen_at: at most once per
   * `LAST_SEEN_WRITE_MS` per session and process, so a busy session costs no write per request.
   * Answering true counts as the write.
   */
  lastSeenDue(sessionId: string, now: Date): boolean {
    const written = this.seenWritten.get(sessionId);
    if (written !== undefined && now.getTime() - written < LAST_SEEN_WRITE_MS) return false;
    if (this.seenWritten.size >= this.max) this.seenWritten.clear();
    this.seenWritten.set(sessionId, now.getTime());
    return true;
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
