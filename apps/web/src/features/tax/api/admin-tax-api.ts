import type {
  ApiSuccess,
  SetUsdtInrRateResult,
  UsdtInrRate,
  UsdtInrRateRules,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/**
 * /admin/tax/usdt-inr-rates: the reference rate deductions are valued at. Beyond the band of the
 * USDTINR market's price a new rate is a proposal a second admin approves (review N4-H2).
 */
export const adminTaxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsdtInrRates: build.query<UsdtInrRate[], undefined>({
      query: () => ({ url: '/admin/tax/usdt-inr-rates', params: { page_size: 20 } }),
      transformResponse: (body: ApiSuccess<UsdtInrRate[]>) => body.data,
      providesTags: ['UsdtInrRates'],
    }),
    getUsdtInrRateRules: build.query<UsdtInrRateRules, undefined>({
      query: () => '/admin/tax/usdt-inr-rates/rules',
      transformResponse: (body: ApiSuccess<UsdtInrRateRules>) => body.data,
      providesTags: ['UsdtInrRates'],
    }),
    setUsdtInrRate: build.mutation<ApiSuccess<SetUsdtInrRateResult>, string>({
      query: (rate) => ({ url: '/admin/tax/usdt-inr-rates', method: 'POST', body: { rate } }),
      invalidatesTags: ['UsdtInrRates'],
    }),
    approveUsdtInrRate: build.mutation<ApiSuccess<{ rate: string }>, string>({
      query: (id) => ({ url: `/admin/tax/usdt-inr-rates/proposals/${id}/approve`, method: 'POST' }),
      invalidatesTags: ['UsdtInrRates'],
    }),
    declineUsdtInrRate: build.mutation<ApiSuccess<object>, string>({
      query: (id) => ({ url: `/admin/tax/usdt-inr-rates/proposals/${id}/decline`, method: 'POST' }),
      invalidatesTags: ['UsdtInrRates'],
    }),
  }),
});

export const {
  useGetUsdtInrRatesQuery,
  useGetUsdtInrRateRulesQuery,
  useSetUsdtInrRateMutation,
  useApproveUsdtInrRateMutation,
  useDeclineUsdtInrRateMutation,
} = adminTaxApi;
