import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isEmptyDir } from './data-files.js';
import { runTool } from './database-copy.js';
import { archivingSettings, recoverySettings } from './pitr-settings.js';

const exec = promisify(execFile);

/** Where PostgreSQL's server programs are, and as whom they run (never root: initdb refuses it). */
export interface PgTools {
  bin: string;
  /** 'postgres' when this process is root, so the cluster's files belong to it; else null. */
  runAs: string | null;
}

/** Debian keeps pg_ctl outside PATH: the newest /usr/lib/postgresql/N/bin, unless one is given. */
export function pgTools(bin?: string): PgTools {
  const found = ['17', '16', '15']
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  return { bin: bin ?? found ?? '', runAs: process.getuid?.() === 0 ? 'postgres' : null };
}

/** Runs one of PostgreSQL's programs as the cluster's owner. */
export async function runPg(tools: PgTools, program: string, args: string[]): Promise<string> {
  const file = tools.bin ? path.join(tools.bin, program) : program;
  const [command, all] = tools.runAs
    ? ['runuser', ['-u', tools.runAs, '--', file, ...args]]
    : [file, args];
  try {
    return (await exec(command, all, { maxBuffer: 16 * 2 ** 20 })).stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * Turns continuous archiving on (superuser, on the database at `url`). Answers whether
 * PostgreSQL must be restarted for it to take effect (wal_level and archive_mode are read at
 * start only).
 */
export async function setUpArchiving(
  url: string,
  archiveDir: string,
  archiveTimeoutSeconds: number,
): Promise<{ restartNeeded: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [name, value] of archivingSettings(archiveDir, archiveTimeoutSeconds))
      await client.query(`alter system set ${name} = ${client.escapeLiteral(value)}`);
    await client.query('select pg_reload_conf()');
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('wal_level', 'archive_mode')`,
    );
    const now = new Map(rows.map((r) => [r.name, r.setting]));
    return {
      restartNeeded: now.get('archive_mode') !== 'on' || now.get('wal_level') === 'minimal',
    };
  } finally {
    await client.end();
  }
}

/** A base backup (plain files, the WAL to make it consistent streamed in) into an empty folder. */
export async function takeBaseBackup(url: string, outDir: string): Promise<void> {
  if (!(await isEmptyDir(outDir))) throw new Error(`${outDir} is not empty`);
  await runTool(
    'pg_basebackup',
    ['--pgdata', outDir, '--format=plain', '--wal-method=stream', '--checkpoint=fast'],
    url,
  );
}

export interface PointInTime {
  base: string;
  archive: string;
  target: Date;
  into: string;
  port: number;
}

/**
 * Restores a base backup into `into` (empty), replays the archive up to `target` and starts the
 * copy on `port`, open for writing once recovery reached the target. Resolves when it does;
 * the copy keeps running (stop it with pg_ctl -D into stop).
 */
export async function restoreToTime(tools: PgTools, p: PointInTime): Promise<void> {
  if (!(await isEmptyDir(p.into)))
    throw new Error(`${p.into} is not empty: restore into an empty or new folder`);
  const settings = recoverySettings(p.archive, p.target, p.port);
  await fs.cp(p.base, p.into, { recursive: true, preserveTimestamps: true });
  await fs.rm(path.join(p.into, 'postmaster.pid'), { force: true });
  await fs.appendFile(path.join(p.into, 'postgresql.auto.conf'), `\n${settings}`);
  await writeIfMissing(path.join(p.into, 'postgresql.conf'), "listen_addresses = '127.0.0.1'\n");
  // A Debian cluster keeps its configuration in /etc: the copy gets password logins on this host.
  await writeIfMissing(
    path.join(p.into, 'pg_hba.conf'),
    'local all all peer\nhost all all 127.0.0.1/32 scram-sha-256\n',
  );
  await fs.writeFile(path.join(p.into, 'recovery.signal'), '');
  await fs.chmod(p.into, 0o700);
  if (tools.runAs) await exec('chown', ['-R', `${tools.runAs}:`, p.into]);
  const log = path.join(p.into, 'restore.log');
  try {
    await runPg(tools, 'pg_ctl', ['-D', p.into, '-l', log, '-w', '-t', '600', 'start']);
    await waitForPromotion(tools, p.into);
  } catch (err) {
    const tail = (await fs.readFile(log, 'utf8').catch(() => '')).split('\n').slice(-6);
    throw new Error(`${(err as Error).message}\n${tail.join('\n')}`);
  }
}

async function writeIfMissing(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
}

/**
 * Recovery ends with the promotion (recovery_target_action = promote): the control file then
 * says "in production". A copy that stopped instead (a target past the archive's end) is an error.
 */
async function waitForPromotion(tools: PgTools, dir: string): Promise<void> {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    if (clusterState(await runPg(tools, 'pg_controldata', [dir])) === 'in production') return;
    await runPg(tools, 'pg_ctl', ['-D', dir, 'status']).catch(() => {
      throw new Error('the restored copy stopped before recovery finished');
    });
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('recovery did not finish within 10 minutes');
}

/** "Database cluster state" from pg_controldata's output. */
export function clusterState(controldata: string): string | null {
  return /^Database cluster state:\s*(.+)$/m.exec(controldata)?.[1]?.trim() ?? null;
}
