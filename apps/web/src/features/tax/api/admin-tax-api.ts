import type { ApiSuccess, UsdtInrRate } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** GET and POST /admin/tax/usdt-inr-rates: the reference rate deductions are valued at. */
export const adminTaxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsdtInrRates: build.query<UsdtInrRate[], undefined>({
      query: () => ({ url: '/admin/tax/usdt-inr-rates', params: { page_size: 20 } }),
      transformResponse: (body: ApiSuccess<UsdtInrRate[]>) => body.data,
      providesTags: ['UsdtInrRates'],
    }),
    setUsdtInrRate: build.mutation<ApiSuccess<{ rate: string }>, string>({
      query: (rate) => ({ url: '/admin/tax/usdt-inr-rates', method: 'POST', body: { rate } }),
      invalidatesTags: ['UsdtInrRates'],
    }),
  }),
});

export const { useGetUsdtInrRatesQuery, useSetUsdtInrRateMutation } = adminTaxApi;
