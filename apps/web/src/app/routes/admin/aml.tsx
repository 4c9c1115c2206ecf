import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CaseDetail } from '@/features/admin-aml/components/case-detail';
import { CaseQueue } from '@/features/admin-aml/components/case-queue';
import styles from '../page.module.css';

/** /admin/aml: the anti-money-laundering case queue; ?case={id} opens one (a shareable link). */
export function Component() {
  const { t } = useTranslation('admin-console');
  const [params, setParams] = useSearchParams();
  const id = params.get('case');
  return (
    <div className={styles.stack}>
      <h1 id="admin-aml-title" className={styles.title}>
        {t('nav.aml')}
      </h1>
      {id ? (
        <CaseDetail id={id} onBack={() => setParams({})} />
      ) : (
        <CaseQueue onOpen={(c) => setParams({ case: c })} />
      )}
    </div>
  );
}
