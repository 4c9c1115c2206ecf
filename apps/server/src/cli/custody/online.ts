import type { EvmNetwork } from '../../chain/networks.js';
import { loadConfig, type Config } from '../../config/env.js';
import { connectDatabase, databaseTarget } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import {
  recordMovements,
  sweepSources,
  type Movement,
  type SweepSources,
} from '../../modules/custody/service.js';
import { onDataDir } from '../data-dir-access.js';
import { broadcastSigned, printReport } from './broadcast.js';
import { sweepSettings, writeSweepPlan } from './sweep-plan.js';

/** The database's part of a custody command: through the running server, or the files. */
async function withDatabase<T>(
  config: Config,
  viaServer: (call: Parameters<Parameters<typeof onDataDir>[2]['viaServer']>[0]) => Promise<T>,
  viaFiles: (db: ReturnType<typeof connectDatabase>['db']) => Promise<T>,
): Promise<T> {
  return onDataDir(config, 'custody', {
    viaServer,
    viaFiles: async () => {
      const database = connectDatabase(databaseTarget(config));
      try {
        await migrateToLatest(database.db);
        return await viaFiles(database.db);
      } finally {
        await database.close();
      }
    },
  });
}

export async function sweepPlanCommand(network: EvmNetwork, out: string | null): Promise<number> {
  const config = loadConfig();
  sweepSettings(config, network);
  const sources = await withDatabase<SweepSources>(
    config,
    (call) => call(`/custody/sources?network=${network}`),
    (db) => sweepSources(db, network),
  );
  const file = await writeSweepPlan(config, network, sources, out);
  console.log(
    `Plan written: ${file}. Sign it offline: npm run custody -- sign ${file} --mnemonic-file …`,
  );
  return 0;
}

export async function broadcastCommand(file: string): Promise<number> {
  const config = loadConfig();
  const record = (movements: Movement[]) =>
    withDatabase(
      config,
      async (call) =>
        (
          await call<{ recorded: number }>('/custody/movements', {
            method: 'POST',
            body: { movements },
          })
        ).recorded,
      (db) => recordMovements(db, movements, new Date()),
    );
  const report = await broadcastSigned(config, file, record);
  printReport(report);
  const done = Object.values(report.outcomes).every((o) => o === 'mined' || o === 'already mined');
  return done ? 0 : 1;
}
