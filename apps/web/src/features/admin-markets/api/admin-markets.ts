import type {
  AdminMarkets,
  AdminPair,
  AdminToken,
  ApiSuccess,
  NewPairRequest,
  Network,
  PairFeesRequest,
  WithdrawalFeeRequest,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** Body of POST /admin/markets/tokens as the form sends it (the server normalises it). */
export interface NewTokenBody {
  name: string;
  short_name: string;
  decimals: number;
  networks: { network: string; contract_address: string | null; decimals: number }[];
}

/** Tokens and pairs for admins; every change refreshes the lists and the pair menus. */
export const adminMarketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarkets: build.query<AdminMarkets, undefined>({
      query: () => '/admin/markets',
      transformResponse: (body: ApiSuccess<AdminMarkets>) => body.data,
      providesTags: ['AdminMarkets'],
    }),
    addToken: build.mutation<ApiSuccess<AdminToken>, NewTokenBody>({
      query: (body) => ({ url: '/admin/markets/tokens', method: 'POST', body }),
      invalidatesTags: ['AdminMarkets', 'AuditLog', 'Wallets'],
    }),
    addPair: build.mutation<ApiSuccess<AdminPair>, NewPairRequest>({
      query: (body) => ({ url: '/admin/markets/pairs', method: 'POST', body }),
      invalidatesTags: ['AdminMarkets', 'AuditLog', 'Symbols'],
    }),
    setPairStatus: build.mutation<ApiSuccess<AdminPair>, { symbol: string; halt: boolean }>({
      query: ({ symbol, halt }) => ({
        url: `/admin/markets/pairs/${symbol}/${halt ? 'halt' : 'resume'}`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminMarkets', 'AuditLog', 'Symbols'],
    }),
    setPairFees: build.mutation<ApiSuccess<AdminPair>, PairFeesRequest & { symbol: string }>({
      query: ({ symbol, ...body }) => ({
        url: `/admin/markets/pairs/${symbol}/fees`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['AdminMarkets', 'AuditLog', 'Symbols'],
    }),
    setWithdrawalFee: build.mutation<
      ApiSuccess<AdminToken>,
      WithdrawalFeeRequest & { tokenId: string; network: Network }
    >({
      query: ({ tokenId, network, ...body }) => ({
        url: `/admin/markets/tokens/${tokenId}/networks/${network}/withdrawal-fee`,
        method: 'PUT',
        body,
      }),
      // Users see the fee in the withdraw dialog (GET /wallets).
      invalidatesTags: ['AdminMarkets', 'AuditLog', 'Wallets'],
    }),
  }),
});

export const {
  useGetMarketsQuery,
  useAddTokenMutation,
  useAddPairMutation,
  useSetPairStatusMutation,
  useSetPairFeesMutation,
  useSetWithdrawalFeeMutation,
} = adminMarketsApi;
