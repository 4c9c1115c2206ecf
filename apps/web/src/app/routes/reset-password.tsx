import { useLocation } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import styles from './auth-page.module.css';

export function Component() {
  const state = useLocation().state as { resetToken?: unknown } | null;
  const resetToken = typeof state?.resetToken === 'string' ? state.resetToken : null;
  return (
    <div className={styles.page}>
      <ResetPasswordForm resetToken={resetToken} />
    </div>
  );
}
