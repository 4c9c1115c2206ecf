import type {
  ApiSuccess,
  NewWithdrawAddress,
  StepUp,
  WithdrawAddressBook,
  WithdrawAddressDto,
  WithdrawalRecordDto,
  WithdrawLimits,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/**
 * What the user controls of their withdrawals: the daily limit left, the address book and its
 * whitelist switch, and the mail's cancel link (issue 35 item 3) and confirm link (walk-4 W4-4).
 */
export const withdrawControlsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawLimits: build.query<ApiSuccess<WithdrawLimits>, undefined>({
      query: () => '/wallets/withdraw/limits',
      providesTags: ['WithdrawLimits'],
    }),
    getAddressBook: build.query<ApiSuccess<WithdrawAddressBook>, undefined>({
      query: () => '/withdraw-addresses',
      providesTags: ['AddressBook'],
    }),
    saveAddress: build.mutation<ApiSuccess<WithdrawAddressDto>, NewWithdrawAddress>({
      query: (body) => ({ url: '/withdraw-addresses', method: 'POST', body }),
      invalidatesTags: ['AddressBook'],
    }),
    removeAddress: build.mutation<ApiSuccess<null>, { id: string } & StepUp>({
      query: ({ id, ...body }) => ({ url: `/withdraw-addresses/${id}`, method: 'DELETE', body }),
      invalidatesTags: ['AddressBook'],
    }),
    setWhitelist: build.mutation<ApiSuccess<WithdrawAddressBook>, { enabled: boolean } & StepUp>({
      query: (body) => ({ url: '/withdraw-addresses/whitelist', method: 'PUT', body }),
      invalidatesTags: ['AddressBook'],
    }),
    getCancelLink: build.query<ApiSuccess<WithdrawalRecordDto>, string>({
      query: (token) => ({ url: '/withdrawal-cancel', params: { token } }),
    }),
    getConfirmLink: build.query<ApiSuccess<WithdrawalRecordDto>, string>({
      query: (token) => ({ url: '/withdrawal-confirm', params: { token } }),
    }),
    confirmByLink: build.mutation<ApiSuccess<WithdrawalRecordDto>, string>({
      query: (token) => ({ url: '/withdrawal-confirm', method: 'POST', body: { token } }),
      invalidatesTags: ['WithdrawHistory'],
    }),
    cancelByLink: build.mutation<ApiSuccess<WithdrawalRecordDto>, string>({
      query: (token) => ({ url: '/withdrawal-cancel', method: 'POST', body: { token } }),
      invalidatesTags: ['Wallets', 'WithdrawHistory', 'WithdrawLimits'],
    }),
  }),
});

export const {
  useGetWithdrawLimitsQuery,
  useGetAddressBookQuery,
  useSaveAddressMutation,
  useRemoveAddressMutation,
  useSetWhitelistMutation,
  useGetCancelLinkQuery,
  useCancelByLinkMutation,
  useGetConfirmLinkQuery,
  useConfirmByLinkMutation,
} = withdrawControlsApi;
