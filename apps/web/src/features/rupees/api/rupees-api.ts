import type {
  ApiSuccess,
  BankAccount,
  BankAccountRequest,
  DepositRecordDto,
  InrDepositClaim,
  InrDepositInstructions,
  InrWithdrawLimits,
  InrWithdrawRequest,
  OrderDto,
  OrderBookSnapshot,
  PlaceOrderRequest,
  TdsRate,
  TransferRequest,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { keyedPost, RETRY_UNANSWERED, type Keyed } from '@/lib/idempotency';

/** Rupees: the user's bank accounts, paying in by UPI or transfer, withdrawing, converting. */
export const rupeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBankAccounts: build.query<BankAccount[], undefined>({
      query: () => '/bank-accounts',
      transformResponse: (response: ApiSuccess<BankAccount[]>) => response.data,
      providesTags: ['BankAccounts'],
    }),
    addBankAccount: build.mutation<ApiSuccess<BankAccount>, BankAccountRequest>({
      query: (body) => ({ url: '/bank-accounts', method: 'POST', body }),
      invalidatesTags: ['BankAccounts'],
    }),
    removeBankAccount: build.mutation<ApiSuccess<null>, string>({
      query: (id) => ({ url: `/bank-accounts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['BankAccounts'],
    }),
    getInrDeposit: build.query<InrDepositInstructions, undefined>({
      query: () => '/inr/deposit',
      transformResponse: (response: ApiSuccess<InrDepositInstructions>) => response.data,
    }),
    claimInrDeposit: build.mutation<ApiSuccess<DepositRecordDto>, InrDepositClaim>({
      query: (body) => ({ url: '/inr/deposit', method: 'POST', body }),
      invalidatesTags: ['DepositHistory'],
    }),
    getInrWithdrawLimits: build.query<InrWithdrawLimits, undefined>({
      query: () => '/inr/withdraw/limits',
      transformResponse: (response: ApiSuccess<InrWithdrawLimits>) => response.data,
      providesTags: ['WithdrawHistory'],
    }),
    // Money calls are named by their submission's key: an unanswered one is retried, moving once.
    withdrawInr: build.mutation<ApiSuccess<WithdrawalRecordDto>, Keyed<InrWithdrawRequest>>({
      query: (arg) => keyedPost('/inr/withdraw', arg),
      extraOptions: RETRY_UNANSWERED,
      invalidatesTags: ['Wallets', 'WithdrawHistory'],
    }),
    getConvertBook: build.query<OrderBookSnapshot, string>({
      query: (symbol) => `/symbols/${symbol}/orderbook`,
      transformResponse: (response: ApiSuccess<OrderBookSnapshot>) => response.data,
    }),
    getTdsRate: build.query<TdsRate, undefined>({
      query: () => '/tax/rate',
      transformResponse: (response: ApiSuccess<TdsRate>) => response.data,
    }),
    convertTransfer: build.mutation<ApiSuccess<unknown>, Keyed<TransferRequest>>({
      query: (arg) => keyedPost('/wallets/transfer', arg),
      extraOptions: RETRY_UNANSWERED,
      invalidatesTags: ['Wallets'],
    }),
    convertOrder: build.mutation<ApiSuccess<OrderDto>, PlaceOrderRequest>({
      query: (body) => ({ url: '/orders/spot', method: 'POST', body }),
      invalidatesTags: ['Wallets', 'Orders'],
    }),
  }),
});

export const {
  useGetBankAccountsQuery,
  useAddBankAccountMutation,
  useRemoveBankAccountMutation,
  useGetInrDepositQuery,
  useClaimInrDepositMutation,
  useWithdrawInrMutation,
  useGetInrWithdrawLimitsQuery,
  useGetConvertBookQuery,
  useGetTdsRateQuery,
  useConvertTransferMutation,
  useConvertOrderMutation,
} = rupeesApi;
