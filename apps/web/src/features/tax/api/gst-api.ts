import type { ApiSuccess, GstInvoices, GstStateDto } from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

/** /tax/gst: the user's state for GST (changed with a reason) and the monthly tax invoices. */
export const gstApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGstState: build.query<GstStateDto, undefined>({
      query: () => '/tax/gst/state',
      transformResponse: (body: ApiSuccess<GstStateDto>) => body.data,
    }),
    changeGstState: build.mutation<GstStateDto, { state_code: string; reason: string }>({
      query: (body) => ({ url: '/tax/gst/state', method: 'PUT', body }),
      transformResponse: (body: ApiSuccess<GstStateDto>) => body.data,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(gstApi.util.upsertQueryData('getGstState', undefined, data));
      },
    }),
    getGstInvoices: build.query<GstInvoices, undefined>({
      query: () => '/tax/gst/invoices',
      transformResponse: (body: ApiSuccess<GstInvoices>) => body.data,
    }),
  }),
});

export const { useGetGstStateQuery, useChangeGstStateMutation, useGetGstInvoicesQuery } = gstApi;

/** A month's tax invoice as the PDF the server writes (numbered on its first download). */
export const downloadGstInvoice = (month: string) =>
  downloadCsv(`/tax/gst/invoices/${month}/pdf`, `tax-invoice-${month}.pdf`);

/** An admin's GSTR-1 (B2C others) rows of a month, as CSV. */
export const downloadGstr1 = (month: string) =>
  downloadCsv(`/admin/tax/gstr-1?month=${encodeURIComponent(month)}`, `gstr-1-b2cs-${month}.csv`);
