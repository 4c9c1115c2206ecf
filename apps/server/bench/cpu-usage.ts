import fs from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ), 100 on every kernel we run on. */
const TICKS = 100;

function processSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * CPU seconds spent by the server, by PostgreSQL (every process of the local server: backends,
 * WAL writer, checkpointer) and by this process (the load generator). Reading them around a run
 * tells what one request costs each side, which varies far less between runs than throughput on
 * a shared two-core machine. Zeroes where /proc is missing.
 */
export function cpuSeconds(serverPid: number | undefined) {
  if (!fs.existsSync('/proc/self/stat')) return { server: 0, database: 0, generator: 0 };
  const usage = process.cpuUsage();
  return {
    server: serverPid ? processSeconds(serverPid) : 0,
    database: pidsNamed('postgres').reduce((sum, pid) => sum + processSeconds(pid), 0),
    generator: (usage.user + usage.system) / 1e6,
  };
}
