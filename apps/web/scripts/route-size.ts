/**
 * Prints the gzipped size of the JavaScript each route loads on a first visit and fails over a
 * route's budget. A route is every chunk of `src/app/routes/**` in Vite's manifest; its first
 * visit is the entry chunk, the route's chunk, the route chunks that load it (an admin page's
 * console), and every chunk these import statically (chunks loaded later, like the chart or a
 * dialog, are not counted). Budgets, a little over what each is (November 2026): trading 190 KB
 * (the design brief's goal is 200), login 185 KB, any other route 188 KB, the admin console's
 * chunks, which users never load, 228 KB. The brief's 120 KB goal for login is out of reach:
 * React DOM, React Router and Redux Toolkit with the app's shell, which every route loads, are
 * about 134 KB, and the login form's zod schemas and react-hook-form about 40 KB more.
 * Usage: `npm run size -w @exchange/web [-- src/app/routes/login.tsx]` after `vite build`; named
 * routes also list their files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const ROUTES = 'src/app/routes/';
/** Budgets in KB of gzipped JavaScript, the first key a route starts with; else the default. */
const BUDGETS: [prefix: string, kb: number][] = [
  ['src/app/routes/trade.tsx', 190],
  ['src/app/routes/login.tsx', 185],
  ['src/app/routes/admin/', 228],
];
const DEFAULT_LIMIT_KB = 188;

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const targets = named.length ? named : Object.keys(manifest).filter((k) => k.startsWith(ROUTES));
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest; run `vite build` first');

const budgetOf = (route: string) =>
  BUDGETS.find(([prefix]) => route.startsWith(prefix))?.[1] ?? DEFAULT_LIMIT_KB;

/** The route chunks that load `route` lazily, and theirs in turn. */
function parentsOf(route: string, found = new Set<string>()): Set<string> {
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith(ROUTES) || found.has(key) || !chunk.dynamicImports?.includes(route))
      continue;
    found.add(key);
    parentsOf(key, found);
  }
  return found;
}

/** Every chunk a first visit of `route` loads before it shows. */
function firstVisit(route: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  [entry!, ...parentsOf(route), route].forEach(visit);
  return [...seen];
}

let failed = false;
for (const route of targets) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk of the build`);
  let raw = 0;
  let gzipped = 0;
  const rows = firstVisit(route).map((key) => {
    const bytes = fs.readFileSync(path.join(dist, manifest[key]!.file));
    const gz = gzipSync(bytes).length;
    raw += bytes.length;
    gzipped += gz;
    return `  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${manifest[key]!.file}`;
  });
  const kb = gzipped / 1024;
  const limit = budgetOf(route);
  const over = kb > limit;
  failed ||= over;
  console.log(
    `${route}: ${kb.toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw), ` +
      `${over ? 'OVER' : 'within'} the ${limit} KB budget`,
  );
  if (named.length || over) console.log(rows.join('\n'));
}
process.exitCode = failed ? 1 : 0;
