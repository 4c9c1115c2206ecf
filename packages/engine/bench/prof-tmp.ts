import { generateWorkload } from './workload.js';
import { ours } from './subjects.js';
const w = generateWorkload({ seed: 42, operations: 1_000_000, resting: 100_000 });
const out = [];
for (let k = 0; k < 6; k++) {
  const p = ours.prepare(w.prefill, w.measured);
  const c = process.cpuUsage();
  for (let i = 0; i < w.measured.length; i++) p.run(i);
  const u = process.cpuUsage(c);
  out.push(Math.round(w.measured.length / ((u.user + u.system) / 1e6)));
}
console.log('cpu-time ops/s', out.join(' '));
