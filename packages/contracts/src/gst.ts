import { z } from 'zod';

/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN and the "place of supply" of a return), in English and Hindi. Code 25 (Daman and Diu)
 * merged into 26 in 2020; 28 (Andhra Pradesh before 2014) is no longer issued.
 */
export const GST_STATES = [
  ['01', 'Jammu and Kashmir', 'जम्मू और कश्मीर'],
  ['02', 'Himachal Pradesh', 'हिमाचल प्रदेश'],
  ['03', 'Punjab', 'पंजाब'],
  ['04', 'Chandigarh', 'चंडीगढ़'],
  ['05', 'Uttarakhand', 'उत्तराखंड'],
  ['06', 'Haryana', 'हरियाणा'],
  ['07', 'Delhi', 'दिल्ली'],
  ['08', 'Rajasthan', 'राजस्थान'],
  ['09', 'Uttar Pradesh', 'उत्तर प्रदेश'],
  ['10', 'Bihar', 'बिहार'],
  ['11', 'Sikkim', 'सिक्किम'],
  ['12', 'Arunachal Pradesh', 'अरुणाचल प्रदेश'],
  ['13', 'Nagaland', 'नागालैंड'],
  ['14', 'Manipur', 'मणिपुर'],
  ['15', 'Mizoram', 'मिज़ोरम'],
  ['16', 'Tripura', 'त्रिपुरा'],
  ['17', 'Meghalaya', 'मेघालय'],
  ['18', 'Assam', 'असम'],
  ['19', 'West Bengal', 'पश्चिम बंगाल'],
  ['20', 'Jharkhand', 'झारखंड'],
  ['21', 'Odisha', 'ओडिशा'],
  ['22', 'Chhattisgarh', 'छत्तीसगढ़'],
  ['23', 'Madhya Pradesh', 'मध्य प्रदेश'],
  ['24', 'Gujarat', 'गुजरात'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'दादरा और नगर हवेली और दमन और दीव'],
  ['27', 'Maharashtra', 'महाराष्ट्र'],
  ['29', 'Karnataka', 'कर्नाटक'],
  ['30', 'Goa', 'गोवा'],
  ['31', 'Lakshadweep', 'लक्षद्वीप'],
  ['32', 'Kerala', 'केरल'],
  ['33', 'Tamil Nadu', 'तमिलनाडु'],
  ['34', 'Puducherry', 'पुदुच्चेरी'],
  ['35', 'Andaman and Nicobar Islands', 'अंडमान और निकोबार द्वीपसमूह'],
  ['36', 'Telangana', 'तेलंगाना'],
  ['37', 'Andhra Pradesh', 'आंध्र प्रदेश'],
  ['38', 'Ladakh', 'लद्दाख'],
] as const;

export type GstStateCode = (typeof GST_STATES)[number][0];

/** A state's name by its code in `language`; null for a code not in the table. */
export function gstStateName(code: string, language: 'en' | 'hi' = 'en'): string | null {
  const row = GST_STATES.find((s) => s[0] === code);
  return row ? row[language === 'hi' ? 2 : 1] : null;
}

export const isGstStateCode = (code: string): code is GstStateCode =>
  GST_STATES.some((s) => s[0] === code);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character of a GSTIN from its first 14 (the GSTN's published rule): each character's
 * value in 0-9A-Z (0-35) times 1 or 2 alternately from the left, each product's base-36 digits
 * added, and the check character the one that brings the sum to a multiple of 36. null: a
 * character outside 0-9A-Z.
 */
export function gstinCheckChar(first14: string): string | null {
  let sum = 0;
  for (const [i, c] of [...first14].entries()) {
    const value = GSTIN_CHARS.indexOf(c);
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/**
 * Why `gstin` is not a GSTIN, or null when it is: 15 characters, a state code, a PAN (five
 * letters, four digits, a letter), an entity number, `Z`, and the check character.
 */
export function gstinProblem(gstin: string): string | null {
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin))
    return 'a GSTIN is 15 characters: state code, PAN, entity number, Z and a check character';
  if (!isGstStateCode(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is no state's GST code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'the check character is wrong';
  return null;
}

/** The user's state for GST (the place of supply of the exchange's fee), as the profile shows it. */
export const gstStateSchema = z.object({
  /** null: not on record yet (fees are then charged as supplied in the exchange's own state). */
  state_code: z.string().nullable(),
  source: z.enum(['kyc', 'user']).nullable(),
  updated_at: z.string().nullable(),
  /** Every change, newest first, with its reason: the audit trail. */
  changes: z.array(
    z.object({
      state_code: z.string(),
      source: z.enum(['kyc', 'user']),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type GstStateDto = z.infer<typeof gstStateSchema>;

/** A change of the user's state: the new code and why (kept in the audit trail). */
export const gstStateChangeSchema = z.object({
  state_code: z.string().refine(isGstStateCode, 'Choose an Indian state or union territory'),
  reason: z.string().trim().min(5, 'Say why the state changes').max(200),
});

/** A month of the IST calendar: "2027-05". */
export const gstMonthSchema = z
  .string()
  .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, 'A month such as 2027-05');

/** One month's GST on the user's fees, in rupees: what its tax invoice shows. */
export const gstInvoiceSummarySchema = z.object({
  month: z.string(),
  financial_year: z.string(),
  /** Allotted on the first download, once the month is over; null until then. */
  number: z.string().nullable(),
  /** Open: the month is not over, so no invoice yet. */
  open: z.boolean(),
  taxable: z.string(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  /** The fees, GST included: taxable + CGST + SGST + IGST. */
  total: z.string(),
});
export type GstInvoiceSummary = z.infer<typeof gstInvoiceSummarySchema>;

export const gstInvoicesSchema = z.object({
  exchange_gstin: z.string().nullable(),
  exchange_state: z.string(),
  rate: z.string(),
  invoices: z.array(gstInvoiceSummarySchema),
});
export type GstInvoices = z.infer<typeof gstInvoicesSchema>;

/** The columns of the admin's GSTR-1 export (table 7, B2C others, per place of supply and rate). */
export const GSTR1_COLUMNS = [
  'Type',
  'Place Of Supply',
  'Rate',
  'Taxable Value',
  'Integrated Tax',
  'Central Tax',
  'State/UT Tax',
  'Cess Amount',
  'E-Commerce GSTIN',
] as const;
