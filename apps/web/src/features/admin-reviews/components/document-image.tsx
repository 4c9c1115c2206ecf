import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentImage } from '../hooks/use-document-image';

/** One identity document image, with its caption; its loading and error states. */
export function DocumentImage({ fileId, caption }: { fileId: string; caption: string }) {
  const { t } = useTranslation('admin-reviews');
  const image = useDocumentImage(fileId);
  return (
    <figure>
      {image === null ? (
        <Spinner label={t('document.loading', { caption })} />
      ) : 'error' in image ? (
        <span role="alert">{t('document.loadFailed')}</span>
      ) : (
        <a href={image.url} target="_blank" rel="noreferrer">
          <img src={image.url} alt={caption} />
        </a>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
