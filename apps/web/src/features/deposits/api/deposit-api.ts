import type {
  ApiSuccess,
  DepositRecordDto,
  DepositRequest,
  Network,
  TokenNetwork,
  WalletGroup,
} from '@exchange/contracts';
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
    /** The networks a coin (id or short name) can be deposited over; empty: none. */
    getDepositNetworks: build.query<TokenNetwork[], string>({
      query: (tokenId) => ({ url: '/wallets', params: { token_id: tokenId, page_size: 1 } }),
      transformResponse: (body: ApiSuccess<WalletGroup[]>) => body.data[0]?.networks ?? [],
    }),
    submitDeposit: build.mutation<ApiSuccess<DepositRecordDto>, DepositRequest>({
      query: (body) => ({ url: '/transactions/deposit/verify', method: 'POST', body }),
      // A confirmed deposit changes the funding wallet; a pending one the history.
      invalidatesTags: ['Wallets', 'DepositHistory'],
    }),
  }),
});

export const { useGetDepositAddressQuery, useGetDepositNetworksQuery, useSubmitDepositMutation } =
  depositApi;
