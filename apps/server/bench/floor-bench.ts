/**
 * npm run bench:floor [-- --json] [--clients N] [--seconds N] [--only http|fastify|postgres]
 *
 * What this machine allows before any exchange logic: the trading benchmark's clients and
 * requests against servers that do the least an order request can (floor-server.ts): node:http,
 * a bare Fastify route, and node:http writing one row per order in group-committed batches on
 * PostgreSQL. Prints requests/s, latency p50/p99 and CPU per request of each side, to read
 * bench:trading's figures against (which measures the http and postgres floors in its own run).
 */
import { parseArgs } from 'node:util';
import { describeFloor, FLOOR_KINDS, measureFloor, type FloorFigures } from './floor-figures.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    clients: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

const results: Record<string, FloorFigures> = {};
for (const kind of FLOOR_KINDS.filter((k) => !values.only || k === values.only)) {
  results[kind] = await measureFloor(kind, Number(values.clients), Number(values.seconds));
  console.log(describeFloor(kind, results[kind]));
}
if (values.json) console.log(JSON.stringify(results));
