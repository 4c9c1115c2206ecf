import path from 'node:path';
import { runnerImport, type Plugin, type Rollup } from 'vite';

/**
 * Where the built pages go, and the table the server reads to pick one by path (the server names
 * the same file: apps/server/src/plugins/web-pages.ts).
 */
const PAGES_DIR = 'pages';
const PAGES_INDEX = `${PAGES_DIR}/index.json`;

interface RoutePage {
  path: string;
  modules: readonly string[];
  alsoAt?: readonly string[];
}

/** The route table of src/app/route-pages.ts, evaluated as the app resolves it. */
async function loadRoutePages(root: string): Promise<readonly RoutePage[]> {
  const src = path.join(root, 'src');
  const { module } = await runnerImport<{ ROUTE_PAGES: readonly RoutePage[] }>(
    path.join(src, 'app/route-pages.ts'),
    {
      configFile: false,
      root,
      logLevel: 'error',
      resolve: { alias: [{ find: '@', replacement: src }] },
      ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
    },
  );
  return module.ROUTE_PAGES;
}

/** `/custom-chart/:symbol` → `custom-chart-symbol`: a page's file name. */
const pageName = (pattern: string) => pattern.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/**
 * Writes a page per route of src/app/route-pages.ts: index.html, plus a `modulepreload` for each
 * JavaScript chunk the route's modules load statically and a `preload` for each of their style
 * sheets, beyond what the entry already names. The server sends it for that path
 * (apps/server/src/plugins/web-pages.ts), so the browser fetches a screen's code beside the shell,
 * not once the shell has run and the router has asked for it. `pages/index.json` lists each
 * route pattern with its page. Build only.
 */
export function routePages(): Plugin {
  let root = '';
  return {
    name: 'exchange:route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route pages: the build has no index.html');
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      /** A chunk with every chunk it imports statically, and their style sheets. */
      const closure = (start: Rollup.OutputChunk) => {
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (js.has(chunk.fileName)) return;
          js.add(chunk.fileName);
          for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        visit(start);
        return { js, css };
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route pages: the build has no entry chunk');
      const shell = closure(entry);

      const index: { path: string; page: string }[] = [];
      for (const route of await loadRoutePages(root)) {
        const links = new Set<string>();
        for (const module of route.modules) {
          const id = path.join(root, 'src/app', module);
          const chunk = byModule.get(id);
          if (!chunk) throw new Error(`route pages: ${route.path} names ${module}, not a chunk`);
          const { js, css } = closure(chunk);
          for (const file of js)
            if (!shell.js.has(file))
              links.add(`<link rel="modulepreload" crossorigin href="/${file}">`);
          for (const file of css)
            if (!shell.css.has(file))
              links.add(`<link rel="preload" as="style" crossorigin href="/${file}">`);
        }
        const page = `${PAGES_DIR}/${pageName(route.path)}.html`;
        const source = String(html.source).replace(
          '</head>',
          `  ${[...links].join('\n    ')}\n  </head>`,
        );
        this.emitFile({ type: 'asset', fileName: page, source });
        for (const at of [route.path, ...(route.alsoAt ?? [])]) index.push({ path: at, page });
      }
      this.emitFile({ type: 'asset', fileName: PAGES_INDEX, source: JSON.stringify(index) });
    },
  };
}
