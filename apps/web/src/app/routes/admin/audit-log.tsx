import { useTranslation } from 'react-i18next';
import { AuditLogView } from '@/features/admin-audit/components/audit-log-view';
import styles from '../page.module.css';

/** /admin/audit-log: every admin action, filtered by admin, action and user; CSV export. */
export function Component() {
  const { t } = useTranslation('admin-console');
  return (
    <div className={styles.stack}>
      <h1 id="admin-audit-log-title" className={styles.title}>
        {t('nav.auditLog')}
      </h1>
      <AuditLogView />
    </div>
  );
}
