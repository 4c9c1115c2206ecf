import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UserDetail } from '@/features/admin-users/components/user-detail';
import { UserSearch } from '@/features/admin-users/components/user-search';
import styles from '../page.module.css';

/** /admin/users: search accounts; ?user={id} opens one (a link that can be shared). */
export function Component() {
  const { t } = useTranslation('admin-console');
  const [params, setParams] = useSearchParams();
  const id = params.get('user');
  return (
    <div className={styles.stack}>
      <h1 id="admin-users-title" className={styles.title}>
        {t('nav.users')}
      </h1>
      {id ? (
        <UserDetail id={id} onBack={() => setParams({})} />
      ) : (
        <UserSearch onOpen={(user) => setParams({ user })} />
      )}
    </div>
  );
}
