import type { TdsStatement, TdsTotal } from '@exchange/contracts';
import { TAX_MESSAGES } from '@exchange/contracts';
import { TableBox, tableStyles } from '@/components/ui/data-table';
import { formatInr } from './tax-format';
import styles from './tax.module.css';

function TotalsRows({ label, totals }: { label: string; totals: TdsTotal[] }) {
  if (totals.length === 0)
    return (
      <tr>
        <th scope="row">{label}</th>
        <td colSpan={4}>No deductions</td>
      </tr>
    );
  return totals.map((t, i) => (
    <tr key={t.token}>
      {i === 0 && (
        <th scope="row" rowSpan={totals.length}>
          {label}
        </th>
      )}
      <td>{t.token}</td>
      <td>{`${t.received} ${t.token}`}</td>
      <td>{`${t.tds} ${t.token}`}</td>
      <td>{formatInr(t.tds_inr)}</td>
    </tr>
  ));
}

/**
 * The financial year's TDS statement (section 194S): the deductee's name and masked PAN, the tax
 * per quarter and for the year in each coin and in INR. It is what the page prints (Download PDF).
 */
export function TaxStatement({ statement }: { statement: TdsStatement }) {
  return (
    <section
      className={styles.statement}
      aria-labelledby="tds-statement-title"
      data-testid="tds-statement"
    >
      <h2 id="tds-statement-title" className={styles.heading}>
        TDS statement, financial year {statement.financial_year}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Name</dt>
          <dd>{statement.name}</dd>
        </div>
        <div>
          <dt>PAN</dt>
          <dd>{statement.pan_masked ?? TAX_MESSAGES.noPan}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{statement.email}</dd>
        </div>
        <div>
          <dt>Total TDS</dt>
          <dd data-testid="tds-total-inr">{formatInr(statement.tds_inr)}</dd>
        </div>
      </dl>
      <p className={styles.caption}>
        Tax deducted at source under section 194S of the Income-tax Act, on what you received in
        each trade after the fee.
      </p>
      <TableBox label="TDS per quarter">
        <table className={tableStyles.table} aria-label="TDS per quarter">
          <thead>
            <tr>
              <th scope="col">Quarter</th>
              <th scope="col">Coin</th>
              <th scope="col">Received</th>
              <th scope="col">TDS</th>
              <th scope="col">TDS (INR)</th>
            </tr>
          </thead>
          <tbody>
            {statement.quarters.map((q) => (
              <TotalsRows key={q.quarter} label={`Q${q.quarter}`} totals={q.totals} />
            ))}
            <TotalsRows label="Year" totals={statement.totals} />
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}
