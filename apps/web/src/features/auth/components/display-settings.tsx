import { useTranslation } from 'react-i18next';
import { NumberGroupingSelect } from '@/components/ui/number-grouping-select';
import { useNumberGroupingSetting } from '../hooks/use-number-grouping-setting';
import styles from './display-settings.module.css';

/** The profile's display settings (issue 36): how amounts and prices group their digits. */
export function DisplaySettings() {
  const { t } = useTranslation('formats');
  const { grouping, choose } = useNumberGroupingSetting();
  return (
    <section className={styles.settings} aria-labelledby="display-settings-title">
      <h2 id="display-settings-title" className={styles.title}>
        {t('settings.title')}
      </h2>
      <NumberGroupingSelect value={grouping} onChange={choose} />
    </section>
  );
}
