import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `useTranslation('ns')` or `useTranslation(['a', 'b'])`: the namespaces named literally. */
const USE_TRANSLATION = /\buseTranslation\(\s*(\[[^\]]*\]|'[\w-]+'|"[\w-]+")/g;
const NAME = /['"]([\w-]+)['"]/g;

/**
 * Makes each screen's English texts travel with its code: a module of `src/` that calls
 * `useTranslation('<namespace>')` imports `locales/en/<namespace>.json` and hands it to
 * `bundleEnglish` as it loads. The catalog is then a static import of the screen's chunk, which
 * the browser fetches beside it (modulepreload), instead of a request made only once the screen
 * has rendered and asked for it. Other languages still load their catalogs when chosen (i18n.ts);
 * English stays their fallback. Build only: tests and the dev server load every catalog lazily.
 */
export function englishTexts(): Plugin {
  let src = '';
  const catalogOf = (namespace: string) => path.join(src, 'i18n/locales/en', `${namespace}.json`);
  return {
    name: 'exchange:english-texts',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      src = path.join(config.root, 'src') + path.sep;
    },
    transform(code, id) {
      if (!id.startsWith(src) || !/\.tsx?$/.test(id) || /\.test\.tsx?$/.test(id)) return null;
      const namespaces = new Set<string>();
      for (const call of code.matchAll(USE_TRANSLATION))
        for (const name of call[1]!.matchAll(NAME)) namespaces.add(name[1]!);
      // `common` is in the entry already (i18n.ts); a namespace without an English catalog is
      // left to i18n's loader (the catalogs' test reports it).
      for (const namespace of namespaces)
        if (namespace === 'common' || !fs.existsSync(catalogOf(namespace)))
          namespaces.delete(namespace);
      if (namespaces.size === 0) return null;
      const lines = [`import { bundleEnglish as __bundleEnglish } from '@/i18n/bundled-english';`];
      [...namespaces].forEach((namespace, i) => {
        lines.push(`import __english${i} from '@/i18n/locales/en/${namespace}.json';`);
        lines.push(`__bundleEnglish(${JSON.stringify(namespace)}, __english${i});`);
      });
      // On the module's first line, so every other line keeps its place in the source map.
      return { code: `${lines.join(' ')} ${code}`, map: null };
    },
  };
}
