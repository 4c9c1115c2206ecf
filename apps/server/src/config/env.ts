import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  webDist: string | null;
}

/** Reads the environment once; every other module receives the resulting object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? defaultWebDist()),
  };
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
