import type {
  AssignCredit,
  AdminBankAccount,
  AdminWithdrawal,
  ApiSuccess,
  BankAccount,
  BankAccountStatus,
  BankCredit,
  BankCreditStatus,
  BankStatement,
  BankStatementResult,
  BankValidationResult,
  BankValidationUpload,
  PayoutBatch,
  StatementUpload,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

const TAGS = ['AdminRupees'] as const;

/** A page of a list: the rows and how many the whole list has. */
type Paged<T> = ApiSuccess<T> & { total: number };

/** The console's rupee queues: bank accounts, statements and credits, bank payouts. */
export const adminRupeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBankAccountQueue: build.query<Paged<AdminBankAccount[]>, BankAccountStatus>({
      query: (status) => `/admin/bank-accounts?status=${status}&page_size=100`,
      providesTags: [...TAGS],
    }),
    verifyBankAccount: build.mutation<
      ApiSuccess<BankAccount>,
      { id: string; proof_file_id?: string | undefined }
    >({
      query: ({ id, ...body }) => ({
        url: `/admin/bank-accounts/${id}/verify`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [...TAGS],
    }),
    uploadBankValidation: build.mutation<ApiSuccess<BankValidationResult>, BankValidationUpload>({
      query: (body) => ({ url: '/admin/bank-accounts/validations', method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    rejectBankAccount: build.mutation<ApiSuccess<BankAccount>, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/bank-accounts/${id}/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: [...TAGS],
    }),
    getStatements: build.query<Paged<BankStatement[]>, undefined>({
      query: () => '/admin/bank-transfers/statements?page_size=20',
      providesTags: [...TAGS],
    }),
    getStatement: build.query<BankStatementResult, string>({
      query: (id) => `/admin/bank-transfers/statements/${id}`,
      transformResponse: (response: ApiSuccess<BankStatementResult>) => response.data,
      providesTags: [...TAGS],
    }),
    uploadStatement: build.mutation<ApiSuccess<BankStatementResult>, StatementUpload>({
      query: (body) => ({ url: '/admin/bank-transfers/statements', method: 'POST', body }),
      invalidatesTags: [...TAGS, 'Wallets'],
    }),
    getCredits: build.query<Paged<BankCredit[]>, BankCreditStatus>({
      query: (status) => `/admin/bank-transfers/credits?status=${status}&page_size=100`,
      providesTags: [...TAGS],
    }),
    assignCredit: build.mutation<ApiSuccess<BankCredit>, { id: string } & AssignCredit>({
      query: ({ id, ...body }) => ({
        url: `/admin/bank-transfers/credits/${id}/assign`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [...TAGS],
    }),
    refundCredit: build.mutation<ApiSuccess<BankCredit>, { id: string; refund_utr: string }>({
      query: ({ id, refund_utr }) => ({
        url: `/admin/bank-transfers/credits/${id}/refund`,
        method: 'POST',
        body: { refund_utr },
      }),
      invalidatesTags: [...TAGS],
    }),
    getBankPayouts: build.query<Paged<AdminWithdrawal[]>, undefined>({
      query: () => '/admin/withdrawals?status=processing&page_size=100',
      providesTags: [...TAGS],
    }),
    markPaid: build.mutation<ApiSuccess<WithdrawalRecordDto>, { id: string; utr: string }>({
      query: ({ id, utr }) => ({
        url: `/admin/bank-transfers/withdrawals/${id}/paid`,
        method: 'POST',
        body: { utr },
      }),
      invalidatesTags: [...TAGS],
    }),
    getPayoutBatches: build.query<Paged<PayoutBatch[]>, undefined>({
      query: () => '/admin/bank-transfers/payout-batches?page_size=20',
      providesTags: [...TAGS],
    }),
    requestResend: build.mutation<ApiSuccess<object>, string>({
      query: (id) => ({ url: `/admin/bank-transfers/payout-batches/${id}/resend`, method: 'POST' }),
      invalidatesTags: [...TAGS],
    }),
    recordReturn: build.mutation<
      ApiSuccess<WithdrawalRecordDto>,
      { id: string; reference: string }
    >({
      query: ({ id, reference }) => ({
        url: `/admin/bank-transfers/withdrawals/${id}/returned`,
        method: 'POST',
        body: { reference },
      }),
      invalidatesTags: [...TAGS],
    }),
  }),
});

export const {
  useGetBankAccountQueueQuery,
  useVerifyBankAccountMutation,
  useRejectBankAccountMutation,
  useUploadBankValidationMutation,
  useGetStatementsQuery,
  useUploadStatementMutation,
  useGetCreditsQuery,
  useAssignCreditMutation,
  useRefundCreditMutation,
  useGetBankPayoutsQuery,
  useMarkPaidMutation,
  useGetPayoutBatchesQuery,
  useRequestResendMutation,
  useRecordReturnMutation,
} = adminRupeesApi;

/**
 * The bank's bulk payout file of the approved rupee withdrawals not sent yet: the server marks its
 * rows sent in a new batch (review N4-M3).
 */
export const downloadPayoutFile = () =>
  downloadCsv('/admin/bank-transfers/payout-file', 'inr-payouts.csv');

/** A batch again, for the admin other than the one who asked to re-send it. */
export const downloadBatchAgain = (id: string) =>
  downloadCsv(`/admin/bank-transfers/payout-batches/${id}/file`, `inr-payouts-resend-${id}.csv`);
