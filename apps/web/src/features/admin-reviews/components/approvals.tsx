import type { Approval } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './reviews.module.css';

interface ApprovalsProps {
  approvals: Approval[];
  required: number;
  /** Still waiting for decisions. */
  open: boolean;
}

/** Who approved and when, and what is still missing (four-eyes rule: two admins above the limit). */
export function Approvals({ approvals, required, open }: ApprovalsProps) {
  const { t } = useTranslation('admin-reviews');
  const missing = Math.max(0, required - approvals.length);
  return (
    <div className={styles.approvals}>
      {approvals.map((a) => (
        <span key={a.admin._id}>
          {t('approvals.approvedBy', { email: a.admin.email, time: formatDateTime(a.at) })}
        </span>
      ))}
      {open && missing > 0 && (
        <span className={styles.missing}>
          {approvals.length === 0
            ? required === 2
              ? t('approvals.needsTwo')
              : t('approvals.needsOne')
            : t('approvals.needsSecond')}
        </span>
      )}
    </div>
  );
}

/** Why the signed-in admin may not decide: their own request, or one they approved already. */
function BlockedNote({ own }: { own: boolean }) {
  const { t } = useTranslation('admin-reviews');
  return (
    <span className={styles.note}>
      {own ? t('approvals.ownRequest') : t('approvals.youApproved')}
    </span>
  );
}

/**
 * Why the signed-in admin may not decide this one (four-eyes rules), or null: it is their own
 * request, or they approved it already and another admin must give the second approval.
 */
export function blockedFor(
  record: { user: { _id: string }; approvals: Approval[] },
  adminId: string | undefined,
) {
  if (record.user._id === adminId) return <BlockedNote own />;
  if (record.approvals.some((a) => a.admin._id === adminId)) return <BlockedNote own={false} />;
  return null;
}
