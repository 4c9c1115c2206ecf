import type {
  ApiSuccess,
  BankAccount,
  BankAccountRequest,
  DepositRecordDto,
  InrDepositClaim,
  InrDepositInstructions,
  InrWithdrawRequest,
  OrderDto,
  OrderBookSnapshot,
  PlaceOrderRequest,
  TransferRequest,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

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
    withdrawInr: build.mutation<ApiSuccess<WithdrawalRecordDto>, InrWithdrawRequest>({
      query: (body) => ({ url: '/inr/withdraw', method: 'POST', body }),
      invalidatesTags: ['Wallets', 'WithdrawHistory'],
    }),
    getConvertBook: build.query<OrderBookSnapshot, string>({
      query: (symbol) => `/symbols/${symbol}/orderbook`,
      transformResponse: (response: ApiSuccess<OrderBookSnapshot>) => response.data,
    }),
    convertTransfer: build.mutation<ApiSuccess<unknown>, TransferRequest>({
      query: (body) => ({ url: '/wallets/transfer', method: 'POST', body }),
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
  useGetConvertBookQuery,
  useConvertTransferMutation,
  useConvertOrderMutation,
} = rupeesApi;
