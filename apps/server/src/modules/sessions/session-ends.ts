/** One session logged out or revoked, or every session of a user (a password reset). */
export type SessionEnd = { sessionId: string } | { userId: string };

/**
 * Tells whoever keeps a signed-in connection open (the realtime feed) that sessions ended, so it
 * closes them at once instead of at its next periodic check.
 */
export class SessionEnds {
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  listen(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(end: SessionEnd): void {
    for (const listener of this.listeners) listener(end);
  }
}
