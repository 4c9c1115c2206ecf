import type { ApiSuccess, DepositRecordDto, DepositRequest, Network } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface DepositAddress {
  network: Network;
  address: string;
}

/** The deposit calls of spec section 7: the user's own address, and a deposit submission. */
export const depositApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDepositAddress: build.query<DepositAddress, Network>({
      query: (network) => ({ url: '/wallets/deposit', params: { network } }),
      transformResponse: (body: ApiSuccess<DepositAddress>) => body.data,
    }),
    submitDeposit: build.mutation<ApiSuccess<DepositRecordDto>, DepositRequest>({
      query: (body) => ({ url: '/transactions/deposit/verify', method: 'POST', body }),
      // A confirmed deposit changes the funding wallet; a pending one the history.
      invalidatesTags: ['Wallets', 'DepositHistory'],
    }),
  }),
});

export const { useGetDepositAddressQuery, useSubmitDepositMutation } = depositApi;
