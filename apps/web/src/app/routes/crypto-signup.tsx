import { SignUpFlow } from '@/features/auth/components/sign-up-flow';
import styles from './auth-page.module.css';

export function Component() {
  return (
    <div className={styles.page}>
      <SignUpFlow />
    </div>
  );
}
