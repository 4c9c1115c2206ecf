import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { usePublishReservesMutation } from '../api/reserves-api';

/**
 * Publishes a proof of reserves now. The server runs the ledger audit first and refuses to
 * publish while it fails (its message says so).
 */
export function PublishReserves() {
  const { t } = useTranslation('reserves');
  const [publish, publishing] = usePublishReservesMutation();
  const onPublish = async () => {
    try {
      const snapshot = await publish(undefined).unwrap();
      toast.success(t('publish.done', { count: snapshot.user_count }));
    } catch (error) {
      toastFailure(error, t('publish.failed'));
    }
  };
  return (
    <div>
      <Button
        variant="secondary"
        busy={publishing.isLoading}
        disabled={publishing.isLoading}
        onClick={onPublish}
      >
        {t('publish.button')}
      </Button>
    </div>
  );
}
