import type { EngineEvent, EventSink } from './types.js';

/**
 * A reusable sink: `clear()` only resets the length, so a hot loop that drains the events of
 * each command does not shrink and regrow an array. Read `events[0 .. length)`.
 */
export class EventBuffer implements EventSink {
  readonly events: EngineEvent[] = [];
  length = 0;

  push(event: EngineEvent): void {
    this.events[this.length++] = event;
  }

  clear(): void {
    this.length = 0;
  }

  /** A copy of the current events, for callers that keep them. */
  toArray(): EngineEvent[] {
    return this.events.slice(0, this.length);
  }
}
