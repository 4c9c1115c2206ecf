import fs from 'node:fs';
import path from 'node:path';
import { webPages } from './web-pages.js';

/** The precompressed twins, and source maps: those stay with the operators (review I2). */
const NOT_SERVED = /\.(br|gz|map)$/;
/** The files a build writes last: when either changes, a new build is on disk (review W4-23). */
const MARKERS = ['index.html', 'pages/index.json'];

/** One build on disk: its files by URL path ("/assets/x.js") and its page for a client route. */
export interface WebBuild {
  files: Set<string>;
  pageFor: (pathname: string) => string;
}

/** Every file of the build by its URL path, the precompressed twins and source maps left out. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!NOT_SERVED.test(entry.name)) {
        files.add(`/${path.relative(root, full).split(path.sep).join('/')}`);
      }
    }
  };
  walk(root);
  return files;
}

/** What identifies a build: its markers' inode, size and time; null while index.html is missing. */
function stampOf(root: string): string | null {
  const parts: string[] = [];
  for (const marker of MARKERS) {
    const stat = fs.statSync(path.join(root, marker), { throwIfNoEntry: false });
    if (!stat) {
      if (marker === 'index.html') return null;
      parts.push('-');
    } else parts.push(`${stat.ino}:${stat.size}:${stat.mtimeMs}`);
  }
  return parts.join('|');
}

/**
 * The build on disk now: the file list and the pages are read together, again whenever
 * index.html or the pages' index changes, so a rebuild while the server runs is served whole
 * (its new chunks included) without a restart. While a rebuild has removed index.html the last
 * build read is kept.
 */
export function webBuildOnDisk(root: string): () => WebBuild {
  let stamp: string | null = null;
  let build: WebBuild = { files: new Set(), pageFor: () => 'index.html' };
  return () => {
    const now = stampOf(root);
    if (now !== null && now !== stamp) {
      build = { files: listFiles(root), pageFor: webPages(root) };
      stamp = now;
    }
    return build;
  };
}
