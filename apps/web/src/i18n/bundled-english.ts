import type { ResourceLanguage } from 'i18next';

/**
 * English catalogs that came with a screen's own code. In the build, every module that calls
 * `useTranslation('<namespace>')` imports that namespace's English catalog beside its code
 * (`scripts/english-texts-plugin.ts`) and hands it here when it loads, so a screen's texts arrive
 * with the screen, not one request after it. i18n (`i18n.ts`) takes each as it comes.
 */
const bundled = new Map<string, ResourceLanguage>();
let take: ((namespace: string, catalog: ResourceLanguage) => void) | null = null;

export function bundleEnglish(namespace: string, catalog: ResourceLanguage): void {
  if (bundled.has(namespace)) return;
  bundled.set(namespace, catalog);
  take?.(namespace, catalog);
}

/** The English catalog of `namespace` if a loaded module brought it. */
export const bundledEnglish = (namespace: string): ResourceLanguage | undefined =>
  bundled.get(namespace);

/** Calls `add` for every catalog brought so far and for every one brought later. */
export function takeBundledEnglish(add: (namespace: string, catalog: ResourceLanguage) => void) {
  take = add;
  bundled.forEach((catalog, namespace) => add(namespace, catalog));
}
