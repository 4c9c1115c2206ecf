import type { ApiSuccess, InclusionProofFile, ReservesSnapshot } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/**
 * The published proof of reserves (anyone), the signed-in user's inclusion proof, and publishing
 * a new snapshot (admins; the server audits the ledger first).
 */
export const reservesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReserves: build.query<ReservesSnapshot | null, undefined>({
      query: () => '/proof-of-reserves',
      transformResponse: (body: ApiSuccess<ReservesSnapshot | null>) => body.data,
      providesTags: ['Reserves'],
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

export const { useGetReservesQuery, useLazyGetReservesProofQuery, usePublishReservesMutation } =
  reservesApi;
