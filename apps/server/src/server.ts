import { buildApp } from './app.js';
import { buildGateway } from './cluster/gateway.js';
import { loadConfig } from './config/env.js';
import { DataDirBusy } from './lib/data-dir-lock.js';
import { KeyRefused } from './secret-guards.js';

const config = loadConfig();
const app =
  config.cluster.role === 'gateway'
    ? await buildGateway(config)
    : await buildApp(config, {
        // Stop at once: nothing more can be written, and another process may have taken over.
        onWriterLost: () => process.exit(1),
      }).catch((err: unknown) => {
        // Another process holds the data folder, or a key does not fit the data: the refusal
        // alone, no stack trace.
        if (!(err instanceof DataDirBusy || err instanceof KeyRefused)) throw err;
        console.error(err.message);
        process.exit(1);
      });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
