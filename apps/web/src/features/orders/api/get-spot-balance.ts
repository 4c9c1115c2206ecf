import type { ApiSuccess, SocketPayload, WalletBalance } from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { listenWhileCached } from '@/lib/socket';

export interface SpotBalance {
  token_id: string;
  short_name: string;
  /** Available (decision D19: `amount` is what is free to use). */
  amount: string;
  locked_balance: string;
}

/** One coin's spot balance for the order form (`GET /balances/{coin}`), live from `balance_update`. */
export const spotBalanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpotBalance: build.query<SpotBalance, string>({
      query: (coin) => ({
        url: `/balances/${encodeURIComponent(coin)}`,
        params: { wallet_type: 'spot' },
      }),
      transformResponse: (body: ApiSuccess<SpotBalance>) => body.data,
      providesTags: ['Wallets'],
      async onCacheEntryAdded(_coin, { updateCachedData, ...life }) {
        const onBalances = ({ data }: SocketPayload<WalletBalance[]>) =>
          updateCachedData((balance) => {
            const row = data.find(
              (b) => b.wallet_type === 'spot' && b.token._id === balance.token_id,
            );
            if (!row) return;
            balance.amount = row.amount;
            balance.locked_balance = row.locked_balance;
          });
        // A failed balance fetch is only logged (spec section 8).
        await listenWhileCached('balance_update', onBalances, life);
      },
    }),
  }),
});

export const { useGetSpotBalanceQuery } = spotBalanceApi;
