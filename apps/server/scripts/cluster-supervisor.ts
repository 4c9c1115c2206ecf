/**
 * `npm run cluster`'s supervisor: starts each member (a core, a gateway, a NATS node, an HAProxy),
 * and when one dies starts it again on the same port and configuration after the delay
 * `restartDecision` gives (src/cluster/restart-policy.ts: systemd's Restart=always, RestartSec,
 * start limit), so a killed core's slot comes back as the standby. Logs which member died, when,
 * and when it is back (serving, or standing by); ops/systemd/ is the same in production.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { restartDecision, type RestartPolicy, type Run } from '../src/cluster/restart-policy.js';

export interface MemberSpec {
  name: string;
  /** Starts the member's process, its output piped (stdout and stderr). */
  spawn(): ChildProcess;
  /** Resolves once `child` serves (or stands by); rejects if it dies first. */
  ready(child: ChildProcess, member: Supervised): Promise<void>;
  /** Where the member's output goes (a log file, or the supervisor's own stdout). */
  output: Writable;
}

export interface Supervised {
  readonly name: string;
  /** The member's current process. */
  process: ChildProcess;
  /** Its output since the current process started (the standby's marker is read from it). */
  output: string;
  /** Each run so far: when it started, and when it died. */
  runs: Run[];
  /** When the current process was ready, or null while it is not (yet). */
  readyAt: number | null;
  /** Resolves with the time the member was next ready, strictly after `after` (a kill's time). */
  backAfter(after: number, timeoutMs?: number): Promise<number>;
}

/** Output kept per process for `ready` checks: the start-up lines, not a whole day's log. */
const KEEP_OUTPUT = 64 * 1024;

export class Supervisor {
  readonly members: Supervised[] = [];
  private stopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly policy: RestartPolicy,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts a member and keeps it running until `stop`. */
  add(spec: MemberSpec): Supervised {
    const waiters = new Set<() => void>();
    const member: Supervised = {
      name: spec.name,
      process: null as unknown as ChildProcess,
      output: '',
      runs: [],
      readyAt: null,
      backAfter: (after, timeoutMs = 120_000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            if (member.readyAt === null || member.readyAt <= after) return;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(member.readyAt);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`${spec.name} is not back within ${timeoutMs / 1000} s`));
          }, timeoutMs);
          waiters.add(check);
          check();
        }),
    };
    const start = () => {
      if (this.stopping) return;
      const startedAt = Date.now();
      const child = spec.spawn();
      member.process = child;
      member.output = '';
      member.readyAt = null;
      const capture = (chunk: Buffer) => {
        spec.output.write(chunk);
        if (member.output.length < KEEP_OUTPUT) member.output += chunk.toString('utf8');
      };
      child.stdout?.on('data', capture);
      child.stderr?.on('data', capture);
      child.on('error', (err) => this.log(`${spec.name} could not start: ${err.message}`));
      const previousDeath = member.runs.at(-1)?.diedAt ?? null;
      spec.ready(child, member).then(
        () => {
          if (member.process !== child || child.exitCode !== null || child.signalCode !== null)
            return;
          member.readyAt = Date.now();
          if (previousDeath !== null)
            this.log(
              `${spec.name} is back (pid ${child.pid}), ${member.readyAt - previousDeath} ms after it died`,
            );
          for (const waiter of [...waiters]) waiter();
        },
        () => undefined,
      );
      child.once('exit', (code, signal) => {
        const diedAt = Date.now();
        member.runs.push({ startedAt, diedAt });
        member.readyAt = null;
        if (this.stopping) return;
        const decision = restartDecision(this.policy, member.runs);
        const how = signal ?? `exit code ${code}`;
        const ran = ((diedAt - startedAt) / 1000).toFixed(1);
        if (!decision.restart) {
          this.log(
            `${spec.name} died (${how}) after ${ran} s; not started again: ${decision.reason}`,
          );
          return;
        }
        this.log(
          `${spec.name} died (${how}, pid ${child.pid}) after ${ran} s; starting it again in ${decision.delayMs} ms`,
        );
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          start();
        }, decision.delayMs);
        this.timers.add(timer);
      });
    };
    start();
    this.members.push(member);
    return member;
  }

  /** Stops restarting, then SIGTERM to each member still running, SIGKILL to one still there 5 s later. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.members.map((m) => stopProcess(m.process)));
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
