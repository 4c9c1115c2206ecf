import type { UserRole, VerificationRequestStatus } from '@exchange/contracts';
import type { AuthInfo } from '../../lib/request-auth.js';

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
  /** Set when the entry is forgotten (a revocation): sign-ins that lean on it end with it. */
  forgotten?: true;
}

/** What an access token signed in as, while its session's entry and the token itself stand. */
interface SignIn {
  auth: AuthInfo;
  session: Entry<LiveSession>;
  /** When the token expires (epoch ms, by the wall clock its signature was checked with). */
  tokenUntil: number;
}

/**
 * Live sessions and users' verification status, remembered for a few seconds so a busy trader's
 * requests do not each cost two database round trips. Whatever revokes a session or changes a
 * status in this process forgets it at once; another process's change shows within `ttlMs`.
 */
export class SessionCache {
  private readonly sessions = new Map<string, Entry<LiveSession>>();
  /**
   * Sign-ins by access token: a trader's next request is one lookup, not a token check, a
   * session lookup and a new AuthInfo (issue 33). Each ends with its session's entry.
   */
  private readonly signIns = new Map<string, SignIn>();
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
    // A sign-in must find its session's entry here to be forgotten with it: both go together.
    if (this.sessions.size >= this.max) this.signIns.clear();
    this.bound(this.sessions);
    this.sessions.set(sessionId, { value: session, until: now.getTime() + this.ttlMs });
  }

  /**
   * The sign-in a token made, while its session's entry stands (unexpired, not forgotten), the
   * session is unexpired at `now` (the app's clock) and the token at `wallNow`.
   */
  signedIn(token: string, now: number, wallNow: number): AuthInfo | undefined {
    const signIn = this.signIns.get(token);
    if (!signIn) return undefined;
    const { session } = signIn;
    if (session.forgotten || session.until <= now || signIn.tokenUntil <= wallNow) return undefined;
    return session.value.expiresAt.getTime() > now ? signIn.auth : undefined;
  }

  /** Remembers what `token` signed in as; its session's entry must be the one remembered now. */
  rememberSignIn(token: string, auth: AuthInfo, tokenUntil: number): void {
    const session = auth.sessionId === null ? undefined : this.sessions.get(auth.sessionId);
    if (!session) return;
    this.bound(this.signIns);
    this.signIns.set(token, { auth: Object.freeze(auth), session, tokenUntil });
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
    const entry = this.sessions.get(sessionId);
    if (entry) entry.forgotten = true;
    this.sessions.delete(sessionId);
    this.seenWritten.delete(sessionId);
  }

  /**
   * Whether a request now should write the session's last_seen_at: at most once per
   * `LAST_SEEN_WRITE_MS` per session and process, so a busy session costs no write per request.
   * Answering true counts as the write.
   */
  lastSeenDue(sessionId: string, now: Date): boolean {
    if (!this.lastSeenPending(sessionId, now)) return false;
    if (this.seenWritten.size >= this.max) this.seenWritten.clear();
    this.seenWritten.set(sessionId, now.getTime());
    return true;
  }

  /** Whether the session's last_seen_at is stale enough to be written (`lastSeenDue`, without counting it). */
  lastSeenPending(sessionId: string, now: Date): boolean {
    const written = this.seenWritten.get(sessionId);
    return written === undefined || now.getTime() - written >= LAST_SEEN_WRITE_MS;
  }

  /** After a password reset, a role change or an identity review. */
  forgetUser(userId: string): void {
    this.verification.delete(userId);
    for (const [id, entry] of this.sessions)
      if (entry.value.userId === userId) {
        entry.forgotten = true;
        this.sessions.delete(id);
      }
  }

  private bound(map: Map<string, unknown>): void {
    if (map.size >= this.max) map.clear();
  }
}
