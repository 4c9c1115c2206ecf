import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useStatusLabel } from '../status-label';
import styles from './reviews.module.css';

const ALL = 'all';

interface QueueFiltersProps {
  statuses: readonly string[];
  status: string;
  onStatus: (status: string) => void;
  /** What the search finds, as its placeholder says. */
  searchHint: string;
  onSearch: (search: string) => void;
}

/** A queue's status filter (pending first, or all) and its search box. */
export function QueueFilters({
  statuses,
  status,
  onStatus,
  searchHint,
  onSearch,
}: QueueFiltersProps) {
  const { t } = useTranslation('admin-reviews');
  const statusLabel = useStatusLabel();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <div className={styles.filters}>
      <Select
        label={t('filters.status')}
        options={[
          { value: ALL, label: t('filters.all') },
          ...statuses.map((s) => ({ value: s, label: statusLabel(s) })),
        ]}
        value={status || ALL}
        onValueChange={(value) => onStatus(value === ALL ? '' : value)}
      />
      <form role="search" className={styles.search} onSubmit={submit}>
        <Field
          label={t('filters.search')}
          type="search"
          placeholder={searchHint}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('filters.search')}
        </Button>
      </form>
    </div>
  );
}
