import { useSearchParams } from 'react-router';
import { SecurityVerificationForm } from '@/features/auth/components/security-verification-form';
import styles from './auth-page.module.css';

export function Component() {
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  return (
    <div className={styles.page}>
      <SecurityVerificationForm key={type} type={type} />
    </div>
  );
}
