import { useTranslation } from 'react-i18next';
import { useConfirmByLinkMutation, useGetConfirmLinkQuery } from '../api/withdraw-controls';
import { MailLinkPanel } from './mail-link-panel';

/**
 * The page a withdrawal mail's confirm link opens (walk-4 W4-4): the withdrawal, and a button that
 * confirms it; it then goes to review.
 */
export function ConfirmLinkPanel({ token }: { token: string }) {
  const { t } = useTranslation('withdraw-controls');
  const shown = useGetConfirmLinkQuery(token, { skip: !token });
  const [confirm, confirming] = useConfirmByLinkMutation();
  return (
    <MailLinkPanel
      token={token}
      texts="confirmLink"
      shown={shown}
      acted={confirming}
      act={confirm}
      actionable={() => true}
      caution={t('confirmLink.notYours')}
    />
  );
}
