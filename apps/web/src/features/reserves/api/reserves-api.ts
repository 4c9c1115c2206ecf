import type {
  ApiSuccess,
  InclusionProofFile,
  ReservesSigningKey,
  ReservesSnapshot,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface ReservesPage {
  data: ReservesSnapshot[];
  total: number;
}

/**
 * The published proof of reserves (anyone): the latest snapshot, every one before it, and the key
 * their roots are signed with; the signed-in user's inclusion proof; and publishing a new
 * snapshot (admins; the server audits the ledger first).
 */
export const reservesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReserves: build.query<ReservesSnapshot | null, undefined>({
      query: () => '/proof-of-reserves',
      transformResponse: (body: ApiSuccess<ReservesSnapshot | null>) => body.data,
      providesTags: ['Reserves'],
    }),
    getReservesHistory: build.query<ReservesPage, { page: number; page_size: number }>({
      query: (params) => ({ url: '/proof-of-reserves/history', params }),
      transformResponse: (body: ApiSuccess<ReservesSnapshot[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['Reserves'],
    }),
    getReservesSigningKey: build.query<ReservesSigningKey, undefined>({
      query: () => '/proof-of-reserves/signing-key',
      transformResponse: (body: ApiSuccess<ReservesSigningKey>) => body.data,
    }),
    getReservesProof: build.query<InclusionProofFile, string>({
      // The argument is the snapshot's id: a new snapshot is a new proof.
      query: () => '/proof-of-reserves/proof',
      transformResponse: (body: ApiSuccess<InclusionProofFile>) => body.data,
    }),
    publishReserves: build.mutation<ReservesSnapshot, undefined>({
      query: () => ({ url: '/admin/proof-of-reserves', method: 'POST' }),
      transformResponse: (body: ApiSuccess<ReservesSnapshot>) => body.data,
      invalidatesTags: ['Reserves', 'AuditLog'],
    }),
  }),
});

export const {
  useGetReservesQuery,
  useGetReservesHistoryQuery,
  useGetReservesSigningKeyQuery,
  useLazyGetReservesProofQuery,
  usePublishReservesMutation,
} = reservesApi;
