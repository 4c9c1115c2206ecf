import type { WithdrawalRecordDto } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCancelWithdrawalMutation } from '../api/get-history';

/**
 * Cancels a pending withdrawal: the server refuses once an admin has acted on it (and says so);
 * the amount returns to the funding wallet at once.
 */
export function CancelWithdrawalButton({ withdrawal }: { withdrawal: WithdrawalRecordDto }) {
  const { t } = useTranslation('withdraw-controls');
  const [cancel, { isLoading }] = useCancelWithdrawalMutation();
  const onClick = async () => {
    try {
      toast.success((await cancel(withdrawal._id).unwrap()).message);
    } catch (error) {
      toastFailure(error, t('cancel.failed'), t('cancel.failed'));
    }
  };
  return (
    <Button
      variant="secondary"
      busy={isLoading}
      disabled={isLoading}
      aria-label={t('cancel.aria', { amount: withdrawal.amount, coin: withdrawal.token.symbol })}
      onClick={() => void onClick()}
    >
      {t('cancel.button')}
    </Button>
  );
}
