import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pgTools, runPg, type PgTools } from '../../src/cli/backup/pitr.js';

/** A port in 42000-42999 (this suite's range for PostgreSQL clusters of its own) that is free now. */
export async function freeClusterPort(): Promise<number> {
  for (;;) {
    const port = 42000 + Math.floor(Math.random() * 1000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Whether this machine can run a PostgreSQL cluster of the test's own (initdb, pg_ctl). */
export async function canRunClusters(): Promise<boolean> {
  return runPg(pgTools(), 'pg_ctl', ['--version']).then(
    () => true,
    () => false,
  );
}

/**
 * A PostgreSQL cluster of the test's own under `dir` (owned by the cluster's user), trusting
 * local connections, on a free port: what point-in-time recovery needs (its own
 * configuration, restarts, a WAL archive).
 */
export class OwnCluster {
  readonly tools: PgTools = pgTools();
  readonly pgdata: string;
  port = 0;

  constructor(readonly dir: string) {
    this.pgdata = path.join(dir, 'pgdata');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** A folder under `dir` the cluster's user may write (the WAL archive). */
  async ownedDir(name: string): Promise<string> {
    const made = path.join(this.dir, name);
    await fs.mkdir(made, { mode: 0o700 });
    await this.chown(made);
    return made;
  }

  async start(): Promise<void> {
    await this.chown(this.dir);
    await runPg(this.tools, 'initdb', ['-D', this.pgdata, '-A', 'trust', '-U', 'postgres', '-N']);
    this.port = await freeClusterPort();
    await this.pgCtl('start');
  }

  async restart(): Promise<void> {
    await this.pgCtl('restart');
  }

  async stop(pgdata = this.pgdata): Promise<void> {
    await runPg(this.tools, 'pg_ctl', ['-D', pgdata, '-m', 'immediate', 'stop']).catch(() => {});
  }

  private async pgCtl(action: 'start' | 'restart'): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const log = path.join(this.pgdata, 'server.log');
    await runPg(this.tools, 'pg_ctl', ['-D', this.pgdata, '-l', log, '-w', '-o', options, action]);
  }

  private async chown(target: string): Promise<void> {
    if (this.tools.runAs)
      await runPg({ bin: '', runAs: null }, 'chown', [this.tools.runAs, target]);
  }
}
