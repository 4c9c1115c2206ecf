import fs from 'node:fs';
import path from 'node:path';

/** What the web build writes (apps/web/scripts/route-pages-plugin.ts): a page per route pattern. */
const PAGES_INDEX = 'pages/index.json';
const INDEX_HTML = 'index.html';

interface Pattern {
  segments: string[];
  splat: boolean;
  score: number;
  page: string;
}

/**
 * React Router's ranking (its `computeScore`): a static segment counts 10, a `:param` 3, a
 * trailing `*` takes 2 off; the best-scoring pattern that matches wins, as in the browser.
 */
function compile(route: string, page: string): Pattern {
  const all = route.split('/').filter(Boolean);
  const splat = all.at(-1) === '*';
  const segments = splat ? all.slice(0, -1) : all;
  const score =
    segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), all.length) - (splat ? 2 : 0);
  return { segments, splat, score, page };
}

const matches = (pattern: Pattern, parts: string[]) =>
  (pattern.splat
    ? parts.length >= pattern.segments.length
    : parts.length === pattern.segments.length) &&
  pattern.segments.every((s, i) => s.startsWith(':') || s === parts[i]);

/**
 * The page to send for a client route: the build's page for the route the path matches, which
 * names that screen's chunks so the browser fetches them with the shell; index.html for any
 * other path, or for a build without pages.
 */
export function webPages(root: string): (pathname: string) => string {
  const listed = path.join(root, PAGES_INDEX);
  if (!fs.existsSync(listed)) return () => INDEX_HTML;
  const index = JSON.parse(fs.readFileSync(listed, 'utf8')) as { path: string; page: string }[];
  const patterns = index.map((p) => compile(p.path, p.page)).sort((a, b) => b.score - a.score);
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    return patterns.find((p) => matches(p, parts))?.page ?? INDEX_HTML;
  };
}
