/**
 * `npm run arch:cycles`: prints the import cycles between the server's module folders and fails
 * on one of more than LONGEST_ALLOWED_CYCLE modules. Which way imports may run at all is
 * eslint.config.js's MODULE_TIERS; this catches a cycle inside one tier.
 */
import { fileURLToPath } from 'node:url';
import { LONGEST_ALLOWED_CYCLE, moduleCycles, moduleGraph } from './module-graph.js';

const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
const graph = moduleGraph(modulesDir);
const cycles = moduleCycles(graph);
const edges = [...graph.values()].reduce((n, targets) => n + targets.size, 0);
console.log(`${graph.size} modules, ${edges} imports between them`);
for (const cycle of cycles) {
  const arrows = cycle.flatMap((from) =>
    [...graph.get(from)!].filter((to) => cycle.includes(to)).map((to) => `${from} -> ${to}`),
  );
  console.log(`cycle of ${cycle.length}: ${cycle.join(', ')} (${arrows.join('; ')})`);
}
const tooLong = cycles.filter((cycle) => cycle.length > LONGEST_ALLOWED_CYCLE);
if (cycles.length === 0) console.log('no cycles');
if (tooLong.length > 0) {
  console.error(`${tooLong.length} cycle(s) longer than ${LONGEST_ALLOWED_CYCLE} modules`);
  process.exit(1);
}
