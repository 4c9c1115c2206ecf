import type { AmlCaseDetail } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './admin-aml.module.css';

/** What was done on the case, oldest first: by whom, when, and what they said. */
export function CaseHistory({ c }: { c: AmlCaseDetail }) {
  const { t } = useTranslation('admin-aml');
  return (
    <section className={styles.section} aria-labelledby="aml-history">
      <h2 id="aml-history">{t('history.title')}</h2>
      {c.events.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {c.events.map((e, i) => (
            <li key={`${e.at}:${i}`}>
              <strong>{t(`history.${e.kind}`)}</strong> {e.text}
              <div className={styles.meta}>
                {e.admin.email}, {formatDateTime(e.at)}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
