/**
 * Prints the gzipped size of the JavaScript a route loads on a first visit: the entry chunk, the
 * route's lazy chunk, and every chunk they import statically, as Vite's manifest records them
 * (chunks a route loads later, like the chart, are not counted). Fails over a route's budget:
 * login 200 KB, trading 250 KB (design brief); the admin console, its own chunks that users never
 * load, 250 KB.
 * Usage: `npm run size -w @exchange/web [-- src/app/routes/login.tsx]` after `vite build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** Route chunk → its budget in KB of gzipped JavaScript. */
const BUDGETS: Record<string, number> = {
  'src/app/routes/login.tsx': 200,
  'src/app/routes/trade.tsx': 250,
  'src/app/routes/admin/identity.tsx': 250,
};
const DEFAULT_LIMIT_KB = 200;

const routes = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const targets = routes.length ? routes : Object.keys(BUDGETS);
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest; run `vite build` first');

let failed = false;
for (const route of targets) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk of the build`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  visit(entry);
  visit(route);
  let raw = 0;
  let gzipped = 0;
  const rows = [...seen].map((key) => {
    const bytes = fs.readFileSync(path.join(dist, manifest[key]!.file));
    const gz = gzipSync(bytes).length;
    raw += bytes.length;
    gzipped += gz;
    return `  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${manifest[key]!.file}`;
  });
  const kb = gzipped / 1024;
  console.log(`${route}: ${kb.toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw)`);
  console.log(rows.join('\n'));
  const limit = BUDGETS[route] ?? DEFAULT_LIMIT_KB;
  if (kb > limit) {
    failed = true;
    console.error(`over the ${limit} KB budget`);
  } else console.log(`  within the ${limit} KB budget`);
}
process.exitCode = failed ? 1 : 0;
