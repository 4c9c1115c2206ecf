import type { AmlCaseDetail } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAssignCaseMutation, useGetCaseQuery } from '../api/admin-aml';
import { RISK_TONE, ruleLabel, STATUS_TONE } from './case-labels';
import { CaseHistory } from './case-history';
import { ReasonDialog, type ReasonAsk } from './reason-dialog';
import { StrSection } from './str-section';
import styles from './admin-aml.module.css';

/** One case: its facts, the actions on it, its accounts' withdrawals, its STRs and its history. */
export function CaseDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('admin-aml');
  const found = useGetCaseQuery(id, { refetchOnMountOrArgChange: true });
  const [assign, assigning] = useAssignCaseMutation();
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  if (found.isLoading) return <Spinner label={t('detail.loading')} />;
  if (!found.data)
    return (
      <p role="alert">
        {t('detail.loadFailed')}{' '}
        <button type="button" className={styles.link} onClick={onBack}>
          {t('detail.backToQueue')}
        </button>
      </p>
    );
  const c = found.data;
  const live = c.status !== 'closed';
  const onAssign = async () => {
    try {
      await assign(c._id).unwrap();
      toast.success(t('detail.assigned'));
    } catch (failure) {
      toastFailure(failure, t('ask.failed'));
    }
  };
  return (
    <>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack}>
          {t('detail.back')}
        </Button>
        {live && (
          <>
            <Button variant="secondary" busy={assigning.isLoading} onClick={onAssign}>
              {t('detail.assignToMe')}
            </Button>
            <Button variant="secondary" onClick={() => setAsk({ action: 'notes' })}>
              {t('detail.addNote')}
            </Button>
            {c.status === 'open' && (
              <Button variant="secondary" onClick={() => setAsk({ action: 'escalate' })}>
                {t('detail.escalate')}
              </Button>
            )}
            <Button onClick={() => setAsk({ action: 'close' })}>{t('detail.close')}</Button>
          </>
        )}
      </div>
      <CaseFacts c={c} />
      <CaseAccounts c={c} onAsk={setAsk} />
      <StrSection c={c} />
      <CaseHistory c={c} />
      {ask && <ReasonDialog caseId={c._id} ask={ask} onClose={() => setAsk(null)} />}
    </>
  );
}

function CaseFacts({ c }: { c: AmlCaseDetail }) {
  const { t } = useTranslation('admin-aml');
  const facts: [string, React.ReactNode][] = [
    [t('queue.rule'), ruleLabel(t, c.rule)],
    [t('queue.risk'), <StatusBadge tone={RISK_TONE[c.risk]}>{t(`risk.${c.risk}`)}</StatusBadge>],
    [
      t('queue.status'),
      <StatusBadge tone={STATUS_TONE[c.status]}>{t(`status.${c.status}`)}</StatusBadge>,
    ],
    [t('queue.opened'), formatDateTime(c.created_at)],
    [t('queue.assignee'), c.assignee?.email ?? '-'],
    [t('detail.summary'), c.summary],
    [
      t('detail.figures'),
      Object.entries(c.facts)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ') || '-',
    ],
  ];
  return (
    <>
      <dl className={styles.facts} aria-label={t('detail.facts')}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {c.risk === 'high' && c.status !== 'closed' && (
        <p role="note">
          {c.close_approvals.length === 0
            ? t('detail.fourEyes')
            : t('detail.closeApproved', {
                email: c.close_approvals[0]?.admin.email,
                reason: c.close_approvals[0]?.reason,
              })}
        </p>
      )}
    </>
  );
}

function CaseAccounts({ c, onAsk }: { c: AmlCaseDetail; onAsk: (ask: ReasonAsk) => void }) {
  const { t } = useTranslation('admin-aml');
  return (
    <section className={styles.section} aria-labelledby="aml-accounts">
      <h2 id="aml-accounts">{t('detail.accounts')}</h2>
      <ul className={styles.list}>
        {c.users.map((u) => {
          const paused = c.frozen_user_ids.includes(u._id);
          return (
            <li key={u._id} className={styles.user}>
              <span>{u.email}</span>
              {paused && <StatusBadge tone="danger">{t('detail.paused')}</StatusBadge>}
              <Button
                variant="secondary"
                onClick={() =>
                  onAsk({ action: paused ? 'resume-withdrawals' : 'pause-withdrawals', user: u })
                }
              >
                {paused ? t('detail.resume') : t('detail.pause')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
