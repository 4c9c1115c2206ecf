import { insertSession } from '../../src/modules/sessions/repository.js';
import type { Member } from './members.js';
import type { TestApp } from './test-app.js';

/**
 * Moves the test clock to an IST date and time ("2027-05-10T10:00:00") and opens fresh sessions
 * there for `members` (a session older than the clock's time would have expired). Access tokens
 * are checked against the real time: signed for it, the session for the clock's.
 */
export async function moveClockTo(t: TestApp, ist: string, members: Member[]): Promise<void> {
  t.clock.offsetMs = new Date(`${ist}+05:30`).getTime() - Date.now();
  for (const m of members) {
    const sessionId = await insertSession(
      t.database.db,
      { userId: m.id, expiresAt: new Date(Date.UTC(2040, 0, 1)), ip: null, userAgent: null },
      t.clock.now(),
    );
    m.token = await t.app.ctx.tokens.sign(
      { userId: m.id, sessionId },
      new Date(),
      new Date(Date.now() + 3_600_000),
    );
  }
}
