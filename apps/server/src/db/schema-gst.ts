import type { Generated } from 'kysely';

/** Issue 52: the user's state for GST, one row per change (the latest is in force). */
export interface UserGstStatesTable {
  id: Generated<string>;
  user_id: string;
  /** A GST state code (`GST_STATES` in contracts). */
  state_code: string;
  /** Where it came from: the identity verification's address, or the user's own change. */
  source: 'kyc' | 'user';
  /** Why the user changed it; null for the one taken from identity verification. */
  reason: string | null;
  created_at: Date;
}

/** The last tax invoice number allotted in each financial year ("2027-28"). */
export interface GstInvoiceSeriesTable {
  financial_year: string;
  last_number: number;
}

/** A monthly tax invoice: its number, allotted once per user and month and never reused. */
export interface GstInvoicesTable {
  financial_year: string;
  number: number;
  user_id: string;
  /** The month invoiced, in IST: "2027-05". */
  month: string;
  created_at: Date;
}

export interface GstTables {
  user_gst_states: UserGstStatesTable;
  gst_invoice_series: GstInvoiceSeriesTable;
  gst_invoices: GstInvoicesTable;
}
