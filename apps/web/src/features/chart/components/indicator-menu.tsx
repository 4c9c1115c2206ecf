import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDICATORS, type IndicatorId } from '../indicator-choices';
import styles from './price-chart.module.css';

/**
 * The Indicators button and its list of checkboxes: Escape or a click outside closes it, focus
 * returning to the button after Escape.
 */
export function IndicatorMenu({
  chosen,
  onChange,
}: {
  chosen: readonly IndicatorId[];
  onChange: (ids: IndicatorId[]) => void;
}) {
  const { t } = useTranslation('trading-tools');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const toggle = (id: IndicatorId) =>
    onChange(INDICATORS.filter((x) => (x === id ? !chosen.includes(x) : chosen.includes(x))));
  return (
    <div
      ref={root}
      className={styles.menu}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {chosen.length > 0
          ? t('indicators.menuCount', { count: chosen.length })
          : t('indicators.menu')}
      </button>
      {open && (
        <fieldset id={panelId} className={styles.menuPanel}>
          <legend className="sr-only">{t('indicators.menu')}</legend>
          {INDICATORS.map((id) => (
            <label key={id} className={styles.menuItem}>
              <input type="checkbox" checked={chosen.includes(id)} onChange={() => toggle(id)} />
              {t(`indicators.${id}`)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
