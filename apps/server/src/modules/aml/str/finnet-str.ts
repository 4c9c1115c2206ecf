import type { ReportingEntityConfig } from '../../../config/aml-config.js';

/**
 * A suspicious-transaction report as FIU-IND's FINnet 2.0 XML takes it (the account-based
 * reporting format, ARF): one batch of one report, the reporting entity and its principal officer,
 * the suspicion (alert indicators, grounds), and per account its holder and the transactions.
 * Pure: the caller gathers the values (str-service.ts); `checkStr` (str-fields.ts) checks the file.
 */
/** The reporting entity and its principal officer, as the settings hold them. */
export type StrEntity = ReportingEntityConfig;

export interface StrPerson {
  name: string;
  customerId: string;
  email: string;
  mobile: string;
  pan: string;
}

export interface StrTransaction {
  date: Date;
  id: string;
  /** FINnet's mode code: 'E' electronic (bank transfers), 'Z' other (on-chain transfers). */
  mode: 'E' | 'Z';
  debitCredit: 'D' | 'C';
  /** Rupees "12345.67", or the coin amount when not valued in rupees (then `currency` is the coin). */
  amount: string;
  currency: string;
  remarks: string;
}

export interface StrAccount {
  number: string;
  holder: StrPerson;
  opened: Date;
  risk: 'H' | 'M' | 'L';
  frozen: boolean;
  creditTurnover: string;
  debitTurnover: string;
  transactions: StrTransaction[];
}

export interface StrInput {
  entity: StrEntity;
  batchNumber: number;
  date: Date;
  alertIndicators: string[];
  grounds: string;
  investigation: string;
  priority: 'P1' | 'P2' | 'P3';
  accounts: StrAccount[];
}

type Node = [string, string | Node[]];

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

function write(node: Node, depth: number): string {
  const [tag, value] = node;
  const pad = '  '.repeat(depth);
  if (typeof value === 'string') return `${pad}<${tag}>${escapeXml(value)}</${tag}>\n`;
  return `${pad}<${tag}>\n${value.map((n) => write(n, depth + 1)).join('')}${pad}</${tag}>\n`;
}

function entityNodes(e: StrEntity): Node[] {
  const o = e.officer;
  return [
    [
      'ReportingEntity',
      [
        ['ReportingEntityName', cut(e.name, 150)],
        ['ReportingEntityCategory', e.category],
        ['RERegistrationNumber', e.registration],
        ['FIUREID', e.fiureid],
      ],
    ],
    [
      'PrincipalOfficer',
      [
        ['POName', o.name],
        ['PODesignation', o.designation],
        [
          'POAddress',
          [
            ['Address', o.address],
            ['City', o.city],
            ['StateCode', o.stateCode],
            ['PinCode', o.pinCode],
            ['CountryCode', 'IN'],
          ],
        ],
        ['POPhone', [['Mobile', o.mobile]]],
        ['POEmail', o.email],
      ],
    ],
  ];
}

function personNode(p: StrPerson): Node {
  return [
    'PersonDetails',
    [
      ['PersonName', cut(p.name, 80)],
      ['CustomerId', p.customerId],
      // A: the account's holder (FINnet's relation flags: A holder, B authorised signatory, …).
      ['RelationFlag', 'A'],
      ['Phone', [['Mobile', p.mobile]]],
      ['Email', cut(p.email, 50)],
      ['PAN', p.pan],
      [
        'Individual',
        [
          // X: not on record (KYC here holds no gender); C: PAN card, the identity KYC verified.
          ['Gender', 'X'],
          ['IdentificationType', p.pan ? 'C' : 'Z'],
          ['Nationality', 'IN'],
        ],
      ],
    ],
  ];
}

function accountNode(a: StrAccount): Node {
  return [
    'Account',
    [
      [
        'AccountDetails',
        [
          ['AccountNumber', a.number.replace(/-/g, '').slice(0, 20)],
          // ZZ: other (a virtual-asset trading account is neither savings nor current).
          ['AccountType', 'ZZ'],
          ['HolderName', cut(a.holder.name, 80)],
          ['AccountHolderType', 'C'],
          ['AccountStatus', a.frozen ? 'F' : 'A'],
          ['DateOfOpening', ymd(a.opened)],
          ['RiskRating', a.risk],
          ['CumulativeCreditTurnover', a.creditTurnover],
          ['CumulativeDebitTurnover', a.debitTurnover],
          ['NoTransactionsTobeReported', a.transactions.length === 0 ? 'Y' : 'N'],
        ],
      ],
      personNode(a.holder),
      ...a.transactions.map((t): Node => [
        'Transaction',
        [
          ['DateOfTransaction', ymd(t.date)],
          ['TransactionID', t.id],
          ['TransactionMode', t.mode],
          ['DebitCredit', t.debitCredit],
          ['Amount', t.amount],
          ['Currency', t.currency],
          ['Remarks', cut(t.remarks, 50)],
        ],
      ]),
    ],
  ];
}

/** The report as FINnet's XML (UTF-8). */
export function finnetStrXml(s: StrInput): string {
  const batch: Node = [
    'Batch',
    [
      ['ReportType', 'STR'],
      ['ReportFormatType', 'ARF'],
      [
        'BatchHeader',
        [
          ['DataStructureVersion', '2'],
          ['DataSource', 'xml'],
        ],
      ],
      ...entityNodes(s.entity),
      [
        'BatchDetails',
        [
          ['BatchNumber', String(s.batchNumber)],
          ['BatchDate', ymd(s.date)],
          ['MonthOfReport', 'NA'],
          ['YearOfReport', 'NA'],
          ['OperationalMode', 'P'],
          ['BatchType', 'N'],
          ['OriginalBatchID', '0'],
          ['ReasonOfRevision', 'N'],
        ],
      ],
      [
        'Report',
        [
          ['ReportSerialNum', '1'],
          ['OriginalReportSerialNum', '0'],
          ['MainPersonName', cut(s.accounts[0]?.holder.name ?? '', 80)],
          [
            'SuspicionDetails',
            [
              // MS: monitoring system (the rules of modules/aml raised the alert).
              ['SourceOfAlert', 'MS'],
              ...s.alertIndicators.map((a): Node => ['AlertIndicator', cut(a, 100)]),
              ['SuspicionDueToProceedsOfCrime', 'N'],
              ['SuspicionDueToComplexTrans', 'N'],
              ['SuspicionDueToNoEcoRationale', 'Y'],
              ['SuspicionOfFinancingOfTerrorism', 'N'],
              ['AttemptedTransaction', 'N'],
              ['GroundsOfSuspicion', cut(s.grounds, 4000)],
              ['DetailsOfInvestigations', cut(s.investigation, 4000)],
              ['LEAInformed', 'N'],
              ['PriorityRating', s.priority],
              ['ReportCoverage', 'C'],
            ],
          ],
          ...s.accounts.map(accountNode),
        ],
      ],
    ],
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(batch, 0)}`;
}
