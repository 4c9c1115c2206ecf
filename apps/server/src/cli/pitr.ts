import { parseArgs } from 'node:util';
import { callerPath } from '../config/backup-config.js';
import { loadConfig } from '../config/env.js';
import { pgTools, restoreToTime, setUpArchiving, takeBaseBackup } from './backup/pitr.js';

const USAGE = `Point-in-time recovery on PostgreSQL (README, "Backup and restore"):
  npm run pitr -- setup --archive DIR [--archive-timeout SECONDS]   (DATABASE_URL: a superuser)
  npm run pitr -- base --out DIR                                     (DATABASE_URL)
  npm run pitr -- restore --base DIR --archive DIR --to TIME --into DIR --port PORT [--pg-bin DIR]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      archive: { type: 'string' },
      'archive-timeout': { type: 'string', default: '60' },
      out: { type: 'string' },
      base: { type: 'string' },
      to: { type: 'string' },
      into: { type: 'string' },
      port: { type: 'string' },
      'pg-bin': { type: 'string' },
    },
  });
  const dir = (name: 'archive' | 'out' | 'base' | 'into') => {
    const given = values[name];
    if (!given) throw new Error(`Give --${name}\n${USAGE}`);
    return callerPath(given);
  };
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const [command] = positionals;
  if (command === 'restore') {
    const target = new Date(values.to ?? '');
    const port = Number(values.port);
    if (!Number.isInteger(port) || port <= 0) throw new Error(`Give --port\n${USAGE}`);
    const into = dir('into');
    await restoreToTime(pgTools(values['pg-bin']), {
      base: dir('base'),
      archive: dir('archive'),
      target,
      into,
      port,
    });
    console.log(
      `restored to ${target.toISOString()} in ${into}, serving on port ${port} (took ${took()}); ` +
        `stop it with: pg_ctl -D ${into} stop`,
    );
    return 0;
  }
  const url = loadConfig().databaseUrl;
  if (!url) throw new Error('Set DATABASE_URL: point-in-time recovery is for PostgreSQL');
  if (command === 'setup') {
    const seconds = Number(values['archive-timeout']);
    const { restartNeeded } = await setUpArchiving(url, dir('archive'), seconds);
    console.log(
      `WAL archiving into ${dir('archive')}, a segment at least every ${seconds} s. ` +
        (restartNeeded ? 'Restart PostgreSQL now, then ' : 'Now ') +
        'take a base backup: npm run pitr -- base --out DIR',
    );
    return 0;
  }
  if (command === 'base') {
    await takeBaseBackup(url, dir('out'));
    console.log(`base backup written: ${dir('out')} (took ${took()})`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main().catch((err: Error) => {
  console.error(err.message);
  return 1;
});
