/**
 * The fields of a suspicious-transaction report in FIU-IND's FINnet 2.0 XML reporting format
 * (Reporting Format Guide 2.x, STR in the account-based format "ARF"), as this exchange fills them:
 * the path of each element, whether it must hold a value, its longest value and its pattern.
 * `checkStr` reads a generated file against the list (the STR's field-list test, and a guard
 * before a report is stored). docs/aml.md says where each value comes from.
 */
export interface StrField {
  path: string;
  required: boolean;
  max?: number;
  pattern?: RegExp;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const YN = /^[YN]$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const R = 'Batch/Report';
const A = `${R}/Account`;
const P = `${A}/PersonDetails`;
const T = `${A}/Transaction`;

export const STR_FIELDS: readonly StrField[] = [
  { path: 'Batch/ReportType', required: true, pattern: /^STR$/ },
  { path: 'Batch/ReportFormatType', required: true, pattern: /^ARF$/ },
  { path: 'Batch/BatchHeader/DataStructureVersion', required: true, pattern: /^\d+$/ },
  { path: 'Batch/BatchHeader/DataSource', required: true, pattern: /^xml$/i },
  { path: 'Batch/ReportingEntity/ReportingEntityName', required: true, max: 150 },
  { path: 'Batch/ReportingEntity/ReportingEntityCategory', required: true, max: 10 },
  { path: 'Batch/ReportingEntity/RERegistrationNumber', required: false, max: 50 },
  { path: 'Batch/ReportingEntity/FIUREID', required: true, max: 10 },
  { path: 'Batch/PrincipalOfficer/POName', required: true, max: 80 },
  { path: 'Batch/PrincipalOfficer/PODesignation', required: true, max: 80 },
  { path: 'Batch/PrincipalOfficer/POAddress/Address', required: true, max: 225 },
  { path: 'Batch/PrincipalOfficer/POAddress/City', required: true, max: 50 },
  { path: 'Batch/PrincipalOfficer/POAddress/StateCode', required: true, pattern: /^[A-Z]{2}$/ },
  { path: 'Batch/PrincipalOfficer/POAddress/PinCode', required: true, pattern: /^\d{6}$/ },
  { path: 'Batch/PrincipalOfficer/POAddress/CountryCode', required: true, pattern: /^[A-Z]{2}$/ },
  { path: 'Batch/PrincipalOfficer/POPhone/Mobile', required: false, max: 30 },
  { path: 'Batch/PrincipalOfficer/POEmail', required: true, max: 50, pattern: /@/ },
  { path: 'Batch/BatchDetails/BatchNumber', required: true, pattern: /^\d{1,8}$/ },
  { path: 'Batch/BatchDetails/BatchDate', required: true, pattern: DATE },
  { path: 'Batch/BatchDetails/MonthOfReport', required: true, pattern: /^NA$/ },
  { path: 'Batch/BatchDetails/YearOfReport', required: true, pattern: /^NA$/ },
  { path: 'Batch/BatchDetails/OperationalMode', required: true, pattern: /^[PT]$/ },
  { path: 'Batch/BatchDetails/BatchType', required: true, pattern: /^[NR]$/ },
  { path: 'Batch/BatchDetails/OriginalBatchID', required: true, pattern: /^\d+$/ },
  { path: 'Batch/BatchDetails/ReasonOfRevision', required: true, pattern: /^[NABC]$/ },
  { path: `${R}/ReportSerialNum`, required: true, pattern: /^\d+$/ },
  { path: `${R}/OriginalReportSerialNum`, required: true, pattern: /^\d+$/ },
  { path: `${R}/MainPersonName`, required: true, max: 80 },
  { path: `${R}/SuspicionDetails/SourceOfAlert`, required: true, pattern: /^[A-Z]{2}$/ },
  { path: `${R}/SuspicionDetails/AlertIndicator`, required: true, max: 100 },
  { path: `${R}/SuspicionDetails/SuspicionDueToProceedsOfCrime`, required: true, pattern: YN },
  { path: `${R}/SuspicionDetails/SuspicionDueToComplexTrans`, required: true, pattern: YN },
  { path: `${R}/SuspicionDetails/SuspicionDueToNoEcoRationale`, required: true, pattern: YN },
  { path: `${R}/SuspicionDetails/SuspicionOfFinancingOfTerrorism`, required: true, pattern: YN },
  { path: `${R}/SuspicionDetails/AttemptedTransaction`, required: true, pattern: YN },
  { path: `${R}/SuspicionDetails/GroundsOfSuspicion`, required: true, max: 4000 },
  { path: `${R}/SuspicionDetails/DetailsOfInvestigations`, required: false, max: 4000 },
  { path: `${R}/SuspicionDetails/LEAInformed`, required: true, pattern: /^[RSN]$/ },
  { path: `${R}/SuspicionDetails/PriorityRating`, required: true, pattern: /^P[123]$/ },
  { path: `${R}/SuspicionDetails/ReportCoverage`, required: true, pattern: /^[CP]$/ },
  { path: `${A}/AccountDetails/AccountNumber`, required: true, max: 20 },
  { path: `${A}/AccountDetails/AccountType`, required: true, pattern: /^[A-Z]{2}$/ },
  { path: `${A}/AccountDetails/HolderName`, required: true, max: 80 },
  { path: `${A}/AccountDetails/AccountHolderType`, required: true, pattern: /^[A-Z]$/ },
  { path: `${A}/AccountDetails/AccountStatus`, required: true, pattern: /^[A-Z]$/ },
  { path: `${A}/AccountDetails/DateOfOpening`, required: true, pattern: DATE },
  { path: `${A}/AccountDetails/RiskRating`, required: true, pattern: /^[THML]$/ },
  { path: `${A}/AccountDetails/CumulativeCreditTurnover`, required: true, pattern: AMOUNT },
  { path: `${A}/AccountDetails/CumulativeDebitTurnover`, required: true, pattern: AMOUNT },
  { path: `${A}/AccountDetails/NoTransactionsTobeReported`, required: true, pattern: YN },
  { path: `${P}/PersonName`, required: true, max: 80 },
  { path: `${P}/CustomerId`, required: true, max: 50 },
  { path: `${P}/RelationFlag`, required: true, pattern: /^[A-Z]$/ },
  { path: `${P}/Phone/Mobile`, required: false, max: 30 },
  { path: `${P}/Email`, required: false, max: 50 },
  { path: `${P}/PAN`, required: false, pattern: /^([A-Z]{5}\d{4}[A-Z])?$/ },
  { path: `${P}/Individual/Gender`, required: true, pattern: /^[MFX]$/ },
  { path: `${P}/Individual/IdentificationType`, required: true, pattern: /^[A-Z]$/ },
  { path: `${P}/Individual/Nationality`, required: true, pattern: /^[A-Z]{2}$/ },
  { path: `${T}/DateOfTransaction`, required: true, pattern: DATE },
  { path: `${T}/TransactionID`, required: true, max: 50 },
  { path: `${T}/TransactionMode`, required: true, pattern: /^[A-Z]$/ },
  { path: `${T}/DebitCredit`, required: true, pattern: /^[DC]$/ },
  { path: `${T}/Amount`, required: true, pattern: AMOUNT },
  { path: `${T}/Currency`, required: true, pattern: /^[A-Z]{3,5}$/ },
  { path: `${T}/Remarks`, required: false, max: 50 },
];

/** The elements of an XML text (no attributes, as the builder writes it), by path, with their text. */
export function elementsOf(xml: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const tag = /<(\/?)([A-Za-z][\w]*)>|([^<]+)/g;
  let text = '';
  for (const m of body.matchAll(tag)) {
    if (m[3] !== undefined) {
      text += m[3];
      continue;
    }
    if (m[1] === '/') {
      const path = stack.join('/');
      if (stack.pop() !== m[2]) throw new Error(`Unbalanced </${m[2]}> at ${path}`);
      const values = found.get(path) ?? [];
      found.set(path, [...values, unescapeXml(text.trim())]);
    } else stack.push(m[2] ?? '');
    text = '';
  }
  if (stack.length > 0) throw new Error(`Unclosed <${stack.join('/')}>`);
  return found;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** What is wrong with a generated STR against `STR_FIELDS`: one line per problem, empty if none. */
export function checkStr(xml: string): string[] {
  const elements = elementsOf(xml);
  const problems: string[] = [];
  for (const f of STR_FIELDS) {
    const values = elements.get(f.path);
    if (!values) {
      if (f.required) problems.push(`${f.path}: missing`);
      continue;
    }
    for (const v of values) {
      if (f.required && v === '') problems.push(`${f.path}: empty`);
      if (f.max !== undefined && v.length > f.max) problems.push(`${f.path}: over ${f.max}`);
      if (v !== '' && f.pattern && !f.pattern.test(v)) problems.push(`${f.path}: "${v}"`);
    }
  }
  const known = new Set(STR_FIELDS.map((f) => f.path));
  for (const path of elements.keys())
    if (!known.has(path) && !STR_FIELDS.some((f) => f.path.startsWith(`${path}/`)))
      problems.push(`${path}: not in the field list`);
  return problems;
}
