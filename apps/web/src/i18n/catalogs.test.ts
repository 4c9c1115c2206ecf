import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { literalTexts } from './literal-text';

/**
 * Issue 36, "kept complete": every catalog has the same keys in every language, every key a
 * component asks for is in English, and no component shows literal text that is not in a catalog.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const LOCALES = path.join(import.meta.dirname, 'locales');

type Catalog = { [key: string]: string | Catalog };
const flatten = (catalog: Catalog, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(catalog).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
const catalogOf = (language: string, namespace: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')));
const namespacesOf = (language: string) =>
  fs
    .readdirSync(path.join(LOCALES, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('catalogs', () => {
  const english = namespacesOf('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English namespace and key, no more',
    (language) => {
      expect(namespacesOf(language)).toEqual(english);
      for (const namespace of english) {
        const en = catalogOf('en', namespace);
        const other = catalogOf(language, namespace);
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual(
          [...en.keys()].sort(),
        );
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}.json ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${language}/${namespace}.json ${key}'s {{values}}`).toEqual(
            placeholders(en.get(key) ?? ''),
          );
        }
      }
    },
  );

  it('holds every key a component asks for', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const source = fs.readFileSync(file, 'utf8');
      const own = /useTranslation\(\s*'([\w-]+)'/.exec(source)?.[1] ?? 'common';
      for (const [, key] of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const [namespace, name] = key!.includes(':') ? key!.split(':') : [own, key!];
        if (!english.includes(namespace!)) {
          missing.push(`${relative(file)}: ${key} (no namespace ${namespace})`);
          continue;
        }
        const catalog = catalogOf('en', namespace!);
        if (![name, `${name}_one`, `${name}_other`].some((k) => catalog.has(k!)))
          missing.push(`${relative(file)}: ${namespace}:${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('literal text in components', () => {
  const files = sourceFiles(SRC).filter((f) => f.endsWith('.tsx'));
  const literals = new Map(
    files.map((file) => [relative(file), literalTexts(file, fs.readFileSync(file, 'utf8'))]),
  );

  it('is in a catalog, in every component', () => {
    const offenders = [...literals]
      .filter(([, texts]) => texts.length > 0)
      .map(([file, texts]) => `${file}: ${texts.slice(0, 3).join(' | ')}`);
    expect(offenders).toEqual([]);
  });
});
