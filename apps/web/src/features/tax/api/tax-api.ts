import type { ApiSuccess, ScheduleVda, TdsDeduction, TdsStatement } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface DeductionsArgs {
  financial_year: string;
  page: number;
  page_size: number;
}

export interface DeductionsPage {
  data: TdsDeduction[];
  total: number;
}

/** GET /tax/statement and /tax/deductions: the user's TDS (section 194S), per year and per fill. */
export const taxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTaxStatement: build.query<TdsStatement, string | undefined>({
      query: (year) => ({
        url: '/tax/statement',
        params: year ? { financial_year: year } : undefined,
      }),
      transformResponse: (body: ApiSuccess<TdsStatement>) => body.data,
    }),
    getTdsDeductions: build.query<DeductionsPage, DeductionsArgs>({
      query: (params) => ({ url: '/tax/deductions', params }),
      transformResponse: (body: ApiSuccess<TdsDeduction[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
    }),
    getScheduleVda: build.query<ScheduleVda, string>({
      query: (year) => ({ url: '/tax/schedule-vda', params: { financial_year: year } }),
      transformResponse: (body: ApiSuccess<ScheduleVda>) => body.data,
    }),
  }),
});

export const { useGetTaxStatementQuery, useGetTdsDeductionsQuery, useGetScheduleVdaQuery } = taxApi;
