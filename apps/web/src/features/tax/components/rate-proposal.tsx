import type { UsdtInrRateProposal } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/api-error';
import { formatDateTimeIst } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApproveUsdtInrRateMutation, useDeclineUsdtInrRateMutation } from '../api/admin-tax-api';
import styles from './tax.module.css';

/**
 * The USDT/INR rate one admin proposed (review N4-H2): a different admin approves it (the server
 * refuses the proposer), any admin declines it.
 */
export function RateProposal({ proposal }: { proposal: UsdtInrRateProposal }) {
  const { t } = useTranslation('tax');
  const [approve, approving] = useApproveUsdtInrRateMutation();
  const [decline, declining] = useDeclineUsdtInrRateMutation();
  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      toast.success(done);
    } catch (err) {
      toastFailure(err, failed);
    }
  };
  return (
    <div className={styles.toolbar} role="group" aria-label={t('rate.pendingLabel')}>
      <p>
        {t('rate.pending', {
          rate: `₹${proposal.rate}`,
          by: proposal.proposed_by ?? '-',
          at: formatDateTimeIst(proposal.created_at),
        })}
      </p>
      <Button
        busy={approving.isLoading}
        disabled={approving.isLoading}
        onClick={() =>
          void act(() => approve(proposal._id).unwrap(), t('rate.set'), t('rate.setFailed'))
        }
      >
        {t('rate.approve')}
      </Button>
      <Button
        variant="secondary"
        busy={declining.isLoading}
        disabled={declining.isLoading}
        onClick={() =>
          void act(() => decline(proposal._id).unwrap(), t('rate.declined'), t('rate.setFailed'))
        }
      >
        {t('rate.decline')}
      </Button>
    </div>
  );
}
