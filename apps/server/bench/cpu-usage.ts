import fs from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ), 100 on every kernel we run on. */
const TICKS = 100;

/** The CPU seconds process `pid` has spent (0 once it is gone). */
export function processSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The parent of process `pid` (0 once it is gone). */
export function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * The postmaster whose processes count as PostgreSQL's CPU (`countPostgresOf`); unset, every
 * `postgres` process on the machine counts, other instances' too.
 */
let postmaster: number | undefined;

/**
 * Counts only the PostgreSQL instance that `backendPid` (a backend's `pg_backend_pid()`) belongs
 * to: the postmaster and its children. Another instance's work (other tests on the machine's
 * shared server) is then no part of a bench's figures.
 */
export function countPostgresOf(backendPid: number): void {
  const parent = parentOf(backendPid);
  if (parent > 0) postmaster = parent;
}

function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
      const pid = Number(entry);
      if (postmaster === undefined || pid === postmaster || parentOf(pid) === postmaster)
        pids.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

export interface CpuSpent {
  server: number;
  database: number;
  generator: number;
}

/** What a call costs the machine in all: its three sides share the cores. */
export const cpuPerCall = (cpu: CpuSpent): number => cpu.server + cpu.database + cpu.generator;

/**
 * Starts counting the CPU seconds spent by the server (one process, or several summed), by PostgreSQL (every process of the
 * local server: backends, WAL writer, checkpointer) and by this process (the load generator);
 * `stop` tells what each side spent since. Divided by the requests of a run, they tell what one
 * request costs each side, which varies far less between runs than throughput on a shared
 * two-core machine. PostgreSQL is counted process by process, so one that ends during the run
 * (a closing connection, an autovacuum worker) takes only its own time away, not a negative
 * figure. Zeroes where /proc is missing.
 */
export function startCpuMeter(serverPid: number | number[] | undefined): { stop(): CpuSpent } {
  // A cluster's server side is several processes (a core and its gateways): their sum.
  const pids = serverPid === undefined ? [] : [serverPid].flat();
  const serverSeconds = () => pids.reduce((n, pid) => n + processSeconds(pid), 0);
  if (!fs.existsSync('/proc/self/stat'))
    return { stop: () => ({ server: 0, database: 0, generator: 0 }) };
  const databaseTimes = () =>
    new Map(pidsNamed('postgres').map((pid) => [pid, processSeconds(pid)]));
  const server = serverSeconds();
  const database = databaseTimes();
  const generator = process.cpuUsage();
  return {
    stop() {
      let databaseSpent = 0;
      for (const [pid, seconds] of databaseTimes())
        databaseSpent += seconds - (database.get(pid) ?? 0);
      const own = process.cpuUsage(generator);
      return {
        server: serverSeconds() - server,
        database: databaseSpent,
        generator: (own.user + own.system) / 1e6,
      };
    },
  };
}
