import type { ApiSuccess, PortfolioPnl } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** GET /portfolio/pnl: profit and loss by average cost, in USDT. */
export const pnlApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPnl: build.query<PortfolioPnl, undefined>({
      query: () => ({ url: '/portfolio/pnl' }),
      transformResponse: (body: ApiSuccess<PortfolioPnl>) => body.data,
      providesTags: ['Pnl', 'Wallets'],
    }),
  }),
});

export const { useGetPnlQuery } = pnlApi;
