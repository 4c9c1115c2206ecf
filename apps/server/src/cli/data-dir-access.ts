import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.js';
import { INSTEAD, ownEmbeddedDatabase } from '../db/data-dir-owner.js';
import { busyMessage, liveHolder, type LockHolder } from '../lib/data-dir-lock.js';
import { OPS_TOKEN_PATH } from '../lib/secrets.js';
import { OPS_TOKEN_HEADER } from '../modules/ops/routes.js';

/** A call to the running server's operator routes (`/api/v1/ops`), authorised by its token. */
export type OpsCall = <T>(route: string, init?: { method: string; body: unknown }) => Promise<T>;

/**
 * How a command-line tool reaches the data: through the server that holds the embedded
 * database (`viaServer`, over `/api/v1/ops` on the port its lock names), else through the files
 * with the folder locked for as long as the tool has them open (`viaFiles`; a server started
 * meanwhile is refused). On PostgreSQL, through the database (`viaFiles`, nothing to lock).
 * Anything else holding the folder (another tool, a server not answering yet) refuses the run
 * before anything is opened.
 */
export async function onDataDir<T>(
  config: Config,
  command: string,
  ways: { viaServer: (call: OpsCall) => Promise<T>; viaFiles: () => Promise<T> },
): Promise<T> {
  const holder = config.databaseUrl ? null : await liveHolder(config.dataDir);
  if (holder?.command === 'server' && holder.port !== null) {
    // No token yet: the server is still starting.
    const token = await fs
      .readFile(path.join(config.dataDir, ...OPS_TOKEN_PATH), 'utf8')
      .catch((err: unknown) => {
        throw new Error(busyMessage(config.dataDir, holder, INSTEAD.tool), { cause: err });
      });
    return ways.viaServer(opsCall(config.dataDir, holder, token.trim()));
  }
  const lock = await ownEmbeddedDatabase(config, { command, port: null, instead: INSTEAD.tool });
  try {
    return await ways.viaFiles();
  } finally {
    lock?.release();
  }
}

function opsCall(dataDir: string, holder: LockHolder, token: string): OpsCall {
  return async <T>(route: string, init?: { method: string; body: unknown }) => {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${holder.port}/api/v1/ops${route}`, {
        method: init?.method ?? 'GET',
        headers: {
          [OPS_TOKEN_HEADER]: token,
          ...(init && { 'content-type': 'application/json' }),
        },
        ...(init && { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      // It holds the folder but does not answer (still starting, or listening elsewhere).
      throw new Error(busyMessage(dataDir, holder, INSTEAD.tool), { cause: err });
    }
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    if (!res.ok)
      throw new Error(`The server answered ${res.status}: ${body?.message ?? res.statusText}`);
    return body as T;
  };
}

/** A tool's run that failed: its message alone (a refusal is an answer, not a crash), exit 1. */
export function failed(err: unknown): number {
  console.error(err instanceof Error ? err.message : String(err));
  return 1;
}
