import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { usePublishReservesMutation } from '../api/reserves-api';

/**
 * Publishes a proof of reserves now. The server runs the ledger audit first and refuses to
 * publish while it fails (its message says so).
 */
export function PublishReserves() {
  const [publish, publishing] = usePublishReservesMutation();
  const onPublish = async () => {
    try {
      const snapshot = await publish(undefined).unwrap();
      toast.success(`Proof of reserves published: ${snapshot.user_count} accounts included`);
    } catch (error) {
      toastFailure(error, 'The proof of reserves could not be published. Please try again.');
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
        Publish proof of reserves
      </Button>
    </div>
  );
}
