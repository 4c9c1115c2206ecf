import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@/i18n/languages';
import field from './field.module.css';
import styles from './language-switch.module.css';

interface LanguageSwitchProps {
  value: Language;
  onChange: (language: Language) => void;
  /** `bar`: the compact top bar control; `field`: a labelled form field (the profile). */
  variant?: 'bar' | 'field';
}

/**
 * The language switch (issue 36): a native select, so mouse, keyboard and a phone's picker all
 * work; each language named in itself.
 */
export function LanguageSwitch({ value, onChange, variant = 'bar' }: LanguageSwitchProps) {
  const { t } = useTranslation('common');
  return (
    <label className={variant === 'bar' ? styles.bar : field.field}>
      <span className={variant === 'bar' ? 'sr-only' : field.label}>{t('language.label')}</span>
      <select
        className={variant === 'bar' ? styles.select : `${styles.select} ${styles.wide}`}
        value={value}
        lang={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
