import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishTexts } from '../../scripts/english-texts-plugin';
import { bundledEnglish, bundleEnglish } from './bundled-english';
import { i18n, startI18n } from './i18n';

describe('English catalogs brought by a screen', () => {
  it('are in i18next as soon as the screen brings them, before it renders', async () => {
    await startI18n('en');
    expect(i18n.hasResourceBundle('en', 'test-bundled')).toBe(false);
    bundleEnglish('test-bundled', { hello: 'Hello' });
    expect(bundledEnglish('test-bundled')).toEqual({ hello: 'Hello' });
    expect(i18n.hasLoadedNamespace('test-bundled')).toBe(true);
    expect(i18n.t('hello', { ns: 'test-bundled' })).toBe('Hello');
    // The first one brought stays.
    bundleEnglish('test-bundled', { hello: 'Other' });
    expect(bundledEnglish('test-bundled')).toEqual({ hello: 'Hello' });
  });
});

describe('the build plugin', () => {
  const plugin = englishTexts();
  const root = path.resolve(import.meta.dirname, '../..');
  const config = { root } as never;
  (plugin.configResolved as (c: never) => void)(config);
  const transform = (code: string, file: string) =>
    (plugin.transform as (code: string, id: string) => { code: string } | null)(
      code,
      path.join(root, 'src', file),
    );

  it('imports the English catalogs a module names, on its first line', () => {
    const code = "import x from 'y';\nconst { t } = useTranslation(['auth', 'messages']);\n";
    const out = transform(code, 'features/auth/components/x.tsx')!.code;
    expect(out).toContain("from '@/i18n/locales/en/auth.json'");
    expect(out).toContain("from '@/i18n/locales/en/messages.json'");
    expect(out).toContain('__bundleEnglish("auth", __english0)');
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('leaves common, unknown namespaces, tests and other modules alone', () => {
    expect(transform("useTranslation('common')", 'app/x.tsx')).toBeNull();
    expect(transform("useTranslation('no-such-namespace')", 'app/x.tsx')).toBeNull();
    expect(transform("useTranslation('auth')", 'app/x.test.tsx')).toBeNull();
    expect(transform('const a = 1;', 'app/x.ts')).toBeNull();
  });
});
