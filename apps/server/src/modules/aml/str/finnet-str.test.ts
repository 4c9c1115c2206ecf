import { describe, expect, it } from 'vitest';
import { finnetStrXml, type StrInput } from './finnet-str.js';
import { checkStr, elementsOf, STR_FIELDS } from './str-fields.js';

const report = (over: Partial<StrInput> = {}): StrInput => ({
  entity: {
    name: 'Exchange Pvt Ltd',
    category: 'VDASP',
    fiureid: 'VA0000001',
    registration: 'U00000MH2026PTC000000',
    officer: {
      name: 'A Officer',
      designation: 'Principal Officer',
      address: '1 Road & Lane <B>',
      city: 'Mumbai',
      stateCode: 'MH',
      pinCode: '400001',
      email: 'po@example.com',
      mobile: '+919800000000',
    },
  },
  batchNumber: 3,
  date: new Date('2027-05-02T10:00:00Z'),
  alertIndicators: ['structuring: 3 deposits under ₹10,00,000 in 7 days'],
  grounds: 'Three deposits of ₹9,68,000 within a week, each just under the threshold.',
  investigation: 'Note: the user gave no source of funds.',
  priority: 'P2',
  accounts: [
    {
      number: '3f2a0c1e-0000-4000-8000-000000000001',
      holder: {
        name: 'Ravi Kumar',
        customerId: '3f2a0c1e-0000-4000-8000-000000000001',
        email: 'ravi@example.com',
        mobile: '+919811111111',
        pan: 'ABCDE1234F',
      },
      opened: new Date('2027-01-01T00:00:00Z'),
      risk: 'H',
      frozen: true,
      creditTurnover: '2904000.00',
      debitTurnover: '0.00',
      transactions: [
        {
          date: new Date('2027-04-28T09:00:00Z'),
          id: 'd-1',
          mode: 'Z',
          debitCredit: 'C',
          amount: '968000.00',
          currency: 'INR',
          remarks: 'USDT deposit, polygon',
        },
      ],
    },
  ],
  ...over,
});

describe('the STR in FINnet 2.0 XML', () => {
  it('fills every required field of the field list, each within its length and pattern', () => {
    const xml = finnetStrXml(report());
    expect(checkStr(xml)).toEqual([]);
    const elements = elementsOf(xml);
    for (const f of STR_FIELDS.filter((f) => f.required)) expect(elements.has(f.path)).toBe(true);
    expect(elements.get('Batch/Report/Account/AccountDetails/AccountStatus')).toEqual(['F']);
    expect(elements.get('Batch/Report/Account/Transaction/Amount')).toEqual(['968000.00']);
  });

  it('escapes text, so a value cannot open an element of its own', () => {
    const xml = finnetStrXml(report({ grounds: 'a </GroundsOfSuspicion><X>' }));
    expect(checkStr(xml)).toEqual([]);
    const grounds = elementsOf(xml).get('Batch/Report/SuspicionDetails/GroundsOfSuspicion');
    expect(grounds).toEqual(['a </GroundsOfSuspicion><X>']);
    expect(elementsOf(xml).get('Batch/PrincipalOfficer/POAddress/Address')).toEqual([
      '1 Road & Lane <B>',
    ]);
  });

  it('reports what the field list refuses: empty grounds, a bad PAN, a missing officer', () => {
    const bad = report({ grounds: '' });
    bad.accounts[0]!.holder.pan = 'NOTAPAN';
    const problems = checkStr(finnetStrXml(bad));
    expect(problems).toContain('Batch/Report/SuspicionDetails/GroundsOfSuspicion: empty');
    expect(problems).toContain('Batch/Report/Account/PersonDetails/PAN: "NOTAPAN"');
    const noOfficer = finnetStrXml(report()).replace(/<POName>[^<]*<\/POName>\n/, '');
    expect(checkStr(noOfficer)).toContain('Batch/PrincipalOfficer/POName: missing');
  });
});
