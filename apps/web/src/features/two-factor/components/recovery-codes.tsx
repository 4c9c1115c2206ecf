import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import styles from './security-section.module.css';

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast.success(i18n.t('security:codes.copied'));
  } catch {
    toast.error(i18n.t('security:codes.copyFailed'));
  }
}

/** The ten recovery codes, shown once: the user copies them somewhere safe. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  return (
    <div className={styles.form}>
      <p>{t('codes.keep')}</p>
      <ul className={styles.codes} aria-label={t('codes.label')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" block onClick={() => void copyCodes(codes)}>
        {t('codes.copy')}
      </Button>
      <Button block onClick={onDone}>
        {t('codes.saved')}
      </Button>
    </div>
  );
}
