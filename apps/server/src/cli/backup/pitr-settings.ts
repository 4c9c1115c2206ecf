import path from 'node:path';

/**
 * PostgreSQL's continuous archiving (point-in-time recovery) as `npm run pitr` sets it up: the
 * settings are PostgreSQL's own (archive_command, restore_command, recovery_target_time); these
 * pure functions write them.
 */

/** A folder named inside a shell command inside a configuration string: plain paths only. */
function plainDir(dir: string): string {
  if (!path.isAbsolute(dir) || /['"\\\s$`]/.test(dir))
    throw new Error(`Give an absolute folder without quotes, spaces or $: ${dir}`);
  return dir;
}

/** Copies each finished WAL segment into the archive, never over one already there. */
export function archiveCommand(archiveDir: string): string {
  const dir = plainDir(archiveDir);
  return `test ! -f ${dir}/%f && cp %p ${dir}/%f`;
}

/**
 * What `ALTER SYSTEM` sets on the primary: WAL kept for archiving, each segment archived when
 * full or after `archiveTimeoutSeconds`, whichever comes first (the RPO when the primary's
 * disk is lost).
 */
export function archivingSettings(
  archiveDir: string,
  archiveTimeoutSeconds: number,
): [string, string][] {
  return [
    ['wal_level', 'replica'],
    ['archive_mode', 'on'],
    ['archive_command', archiveCommand(archiveDir)],
    ['archive_timeout', `${archiveTimeoutSeconds}s`],
  ];
}

/** A line of postgresql.conf: the value quoted, its quotes doubled. */
export function confLine(name: string, value: string): string {
  return `${name} = '${value.replaceAll("'", "''")}'`;
}

/**
 * Appended to the restored copy's postgresql.auto.conf (later lines win): replay archived WAL up
 * to `targetTime`, then open for writing; listen on `port`; and archive nothing itself, so the
 * copy never writes into the primary's archive.
 */
export function recoverySettings(archiveDir: string, targetTime: Date, port: number): string {
  if (Number.isNaN(targetTime.getTime())) throw new Error('Give the time as ISO 8601');
  const dir = plainDir(archiveDir);
  return [
    '# npm run pitr -- restore',
    confLine('restore_command', `cp ${dir}/%f %p`),
    // PostgreSQL reads ISO 8601 with a space and a zone offset, not 'T' and 'Z'.
    confLine(
      'recovery_target_time',
      targetTime.toISOString().replace('T', ' ').replace('Z', '+00'),
    ),
    confLine('recovery_target_action', 'promote'),
    confLine('archive_mode', 'off'),
    confLine('port', String(port)),
    '',
  ].join('\n');
}
