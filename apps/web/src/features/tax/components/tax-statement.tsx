import type { TdsStatement, TdsTotal } from '@exchange/contracts';
import { TAX_MESSAGES } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { TableBox, tableStyles } from '@/components/ui/data-table';
import { useMessage } from '@/i18n/use-message';
import { formatCoinAmount } from '@/lib/format';
import { formatInr } from './tax-format';
import styles from './tax.module.css';

function TotalsRows({ label, totals }: { label: string; totals: TdsTotal[] }) {
  const { t } = useTranslation('tax');
  if (totals.length === 0)
    return (
      <tr>
        <th scope="row">{label}</th>
        <td colSpan={4}>{t('statement.none')}</td>
      </tr>
    );
  return totals.map((total, i) => (
    <tr key={total.token}>
      {i === 0 && (
        <th scope="row" rowSpan={totals.length}>
          {label}
        </th>
      )}
      <td>{total.token}</td>
      <td>{formatCoinAmount(total.received, total.token)}</td>
      <td>{formatCoinAmount(total.tds, total.token)}</td>
      <td>{formatInr(total.tds_inr)}</td>
    </tr>
  ));
}

/**
 * The financial year's TDS statement (section 194S): the deductee's name and masked PAN, the tax
 * per quarter and for the year in each coin and in INR. It is what the page prints (Download PDF).
 */
export function TaxStatement({ statement }: { statement: TdsStatement }) {
  const { t } = useTranslation('tax');
  const message = useMessage();
  return (
    <section
      className={styles.statement}
      aria-labelledby="tds-statement-title"
      data-testid="tds-statement"
    >
      <h2 id="tds-statement-title" className={styles.heading}>
        {t('statement.title', { year: statement.financial_year })}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('statement.name')}</dt>
          <dd>{statement.name}</dd>
        </div>
        <div>
          <dt>PAN</dt>
          <dd>{statement.pan_masked ?? message(TAX_MESSAGES.noPan)}</dd>
        </div>
        <div>
          <dt>{t('statement.email')}</dt>
          <dd>{statement.email}</dd>
        </div>
        <div>
          <dt>{t('statement.total')}</dt>
          <dd data-testid="tds-total-inr">{formatInr(statement.tds_inr)}</dd>
        </div>
      </dl>
      <p className={styles.caption}>{t('statement.caption')}</p>
      <TableBox label={t('statement.perQuarter')}>
        <table className={tableStyles.table} aria-label={t('statement.perQuarter')}>
          <thead>
            <tr>
              <th scope="col">{t('quarter')}</th>
              <th scope="col">{t('statement.coin')}</th>
              <th scope="col">{t('received')}</th>
              <th scope="col">TDS</th>
              <th scope="col">{t('tdsInr')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.quarters.map((q) => (
              <TotalsRows
                key={q.quarter}
                label={t('q', { quarter: q.quarter })}
                totals={q.totals}
              />
            ))}
            <TotalsRows label={t('statement.year')} totals={statement.totals} />
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}
