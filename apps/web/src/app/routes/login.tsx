import { LoginForm } from '@/features/auth/components/login-form';
import styles from './auth-page.module.css';

export function Component() {
  return (
    <div className={styles.page}>
      <LoginForm />
    </div>
  );
}
