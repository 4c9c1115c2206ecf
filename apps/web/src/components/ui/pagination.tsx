import { useTranslation } from 'react-i18next';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous / Page n of m / Next; hidden while everything fits on one page. */
export function Pagination({ page, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={t('ui.pages')}>
      <button
        type="button"
        className={styles.button}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t('ui.previous')}
      </button>
      <span className={styles.label} aria-live="polite">
        {t('ui.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t('ui.next')}
      </button>
    </nav>
  );
}
