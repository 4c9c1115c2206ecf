import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) twin beside every text file of the build, at the
 * highest levels (once, at build time), so the server sends them as they are, chosen by the
 * browser's Accept-Encoding. Source maps are left alone: only developers fetch them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'exchange:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = fs.readFileSync(file);
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
