import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';
import { browserLanguage, initialLanguage, LANGUAGE_STORAGE_KEY } from './languages';

describe('the language', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLanguage('en', { remember: false });
  });

  it("follows the browser's first language the app speaks, else English", () => {
    expect(browserLanguage(['hi-IN', 'en-GB'])).toBe('hi');
    expect(browserLanguage(['fr-FR', 'hi'])).toBe('hi');
    expect(browserLanguage(['en-IN', 'hi-IN'])).toBe('en');
    expect(browserLanguage(['ta-IN'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("takes the visitor's saved choice over the browser's, and ignores a bad one", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    expect(initialLanguage()).toBe('hi');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(initialLanguage()).toBe(browserLanguage());
  });

  it('switches to Hindi with its catalogs loaded, and remembers the choice', async () => {
    await setLanguage('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(i18n.t('common:nav.logIn')).toBe('लॉग इन');
    await setLanguage('en');
    expect(i18n.t('common:nav.logIn')).toBe('Log In');
  });
});
