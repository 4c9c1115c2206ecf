/**
 * Prints the gzipped size of the JavaScript a route loads: the entry chunk, the route's lazy
 * chunk, and every chunk they import statically, as Vite's manifest records them.
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

const routes = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const targets = routes.length ? routes : ['src/app/routes/login.tsx'];
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest; run `vite build` first');

const LIMIT_KB = 200;
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
  if (kb > LIMIT_KB) {
    failed = true;
    console.error(`over the ${LIMIT_KB} KB budget`);
  }
}
process.exitCode = failed ? 1 : 0;
