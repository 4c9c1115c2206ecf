import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.js';
import { OPS_TOKEN_PATH } from '../lib/secrets.js';
import { OPS_TOKEN_HEADER } from '../modules/ops/routes.js';

/**
 * An operator call to the server running on this machine (modules/ops), with the token from
 * DATA_DIR: how the tools reach the embedded database the server holds. Null when there is no
 * token or nothing listens on the configured port; throws on any answer but 200.
 */
export async function callServer(
  config: Config,
  route: string,
  timeoutMs = 60_000,
): Promise<Response | null> {
  const token = await fs
    .readFile(path.join(config.dataDir, ...OPS_TOKEN_PATH), 'utf8')
    .catch(() => null);
  if (token === null) return null;
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/v1/ops${route}`, {
      headers: { [OPS_TOKEN_HEADER]: token.trim() },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the server answered ${res.status}: ${await res.text()}`);
    return res;
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw err;
  }
}
