import {
  type ApiSuccess,
  type WalletBalance,
  type WalletGroup,
  type SocketPayload,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { listenWhileCached } from '@/lib/socket';

/** Spec section 9: the wallet overview and wallet lists ask for 100 rows. */
export const WALLET_PAGE_SIZE = 100;

/** Applies a `balance_update` (every balance the user holds) to the cached wallet groups. */
export function applyBalances(groups: WalletGroup[], balances: WalletBalance[]) {
  for (const group of groups) {
    for (const [i, balance] of group.balances.entries()) {
      const live = balances.find(
        (b) => b.token._id === group.token_id && b.wallet_type === balance.wallet_type,
      );
      if (live) group.balances[i] = live;
    }
  }
}

/**
 * GET /wallets: every token with its spot and funding balance. One query serves the overview,
 * the spot and the funding tables; `balance_update` patches it in place while it is on screen.
 */
export const walletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWallets: build.query<WalletGroup[], undefined>({
      query: () => ({ url: '/wallets', params: { page: 1, page_size: WALLET_PAGE_SIZE } }),
      transformResponse: (body: ApiSuccess<WalletGroup[]>) => body.data,
      providesTags: ['Wallets'],
      async onCacheEntryAdded(_arg, { updateCachedData, ...life }) {
        const onBalances = ({ data }: SocketPayload<WalletBalance[]>) => {
          if (Array.isArray(data)) updateCachedData((groups) => applyBalances(groups, data));
        };
        await listenWhileCached('balance_update', onBalances, life);
      },
    }),
  }),
});

export const { useGetWalletsQuery } = walletsApi;
