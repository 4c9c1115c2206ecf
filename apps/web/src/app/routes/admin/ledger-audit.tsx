import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RichText } from '@/i18n/rich-text';
import { LedgerAuditView } from '@/features/admin-audit/components/ledger-audit-view';
import { PublishReserves } from '@/features/reserves/components/publish-reserves';
import styles from '../page.module.css';

/**
 * /admin/ledger-audit: the latest ledger audit, its per-asset totals, and running it now; and
 * publishing a proof of reserves, which runs the audit first and needs it to pass.
 */
export function Component() {
  const { t } = useTranslation('admin-console');
  return (
    <section aria-labelledby="admin-ledger-audit-title" className={styles.stack}>
      <h1 id="admin-ledger-audit-title" className={styles.title}>
        {t('nav.ledgerAudit')}
      </h1>
      <LedgerAuditView />
      <section aria-labelledby="admin-reserves-title" className={styles.stack}>
        <h2 id="admin-reserves-title">{t('reserves.title')}</h2>
        <p>
          <RichText
            text={t('reserves.intro', { path: paths.proofOfReserves.getHref() })}
            parts={{ reserves: (c) => <Link to={paths.proofOfReserves.getHref()}>{c}</Link> }}
          />
        </p>
        <PublishReserves />
      </section>
    </section>
  );
}
