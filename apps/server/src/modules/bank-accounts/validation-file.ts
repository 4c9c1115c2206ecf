import {
  ACCOUNT_NUMBER_PATTERN,
  BANK_VALIDATION_COLUMNS,
  BANK_VALIDATION_STATUSES,
  IFSC_PATTERN,
  UPI_ID_PATTERN,
  type BankValidationStatus,
} from '@exchange/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';

/** One row of the bank's validation results: an account (number and IFSC) or a UPI ID. */
export type ValidationLine = {
  lineNo: number;
  registeredName: string;
  status: BankValidationStatus;
  reference: string;
} & ({ kind: 'account'; accountNumber: string; ifsc: string } | { kind: 'vpa'; vpa: string });

const refuse = (message: ReturnType<typeof said>) => new AppError('BAD_REQUEST', message);

/**
 * Reads the bank's validation results (BANK_VALIDATION_COLUMNS: account_number, ifsc, vpa,
 * registered_name, account_status, reference), as a penny drop (RazorpayX's fund account
 * validation, a bank's bulk beneficiary validation) or a PSP's UPI ID lookup reports them. The
 * first line is the header, in this order; a row names an account or a UPI ID, not both; an
 * `active` row carries the name the bank returned. Refused whole on a bad line, as statements are.
 */
export function readValidationFile(content: string): ValidationLine[] {
  let all: string[][];
  try {
    all = parse(content.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw refuse(said('validationNotCsv', String(error)));
  }
  const header = (all[0] ?? []).map((h) => h.toLowerCase());
  if (BANK_VALIDATION_COLUMNS.some((c, i) => header[i] !== c))
    throw refuse(said('validationFirstLine', BANK_VALIDATION_COLUMNS.join(',')));
  return all.slice(1).map((r, i): ValidationLine => {
    const lineNo = i + 2;
    const [account, ifsc, vpa, name, status, reference] = BANK_VALIDATION_COLUMNS.map((_, k) =>
      (r[k] ?? '').trim(),
    ) as [string, string, string, string, string, string];
    const normalStatus = status.toLowerCase();
    if (!(BANK_VALIDATION_STATUSES as readonly string[]).includes(normalStatus))
      throw refuse(said('validationLineStatus', lineNo, status));
    const registeredName = name.replace(/\s+/g, ' ');
    if (normalStatus === 'active' && registeredName === '')
      throw refuse(said('validationLineName', lineNo));
    if (reference === '') throw refuse(said('validationLineReference', lineNo));
    const base = {
      lineNo,
      registeredName,
      status: normalStatus as BankValidationStatus,
      reference,
    };
    const upperIfsc = ifsc.toUpperCase();
    if (vpa === '' && ACCOUNT_NUMBER_PATTERN.test(account) && IFSC_PATTERN.test(upperIfsc))
      return { ...base, kind: 'account', accountNumber: account, ifsc: upperIfsc };
    if (account === '' && ifsc === '' && UPI_ID_PATTERN.test(vpa))
      return { ...base, kind: 'vpa', vpa: vpa.toLowerCase() };
    throw refuse(said('validationLineTarget', lineNo));
  });
}
