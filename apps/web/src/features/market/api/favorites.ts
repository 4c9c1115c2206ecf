import type { ApiSuccess } from '@exchange/contracts';
import { api } from '@/lib/api-client';

interface FavoriteArgs {
  symbol: string;
  favorite: boolean;
}

/** Spec section 4: add or remove the favourite, then reload the symbol lists. */
export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    setFavorite: build.mutation<ApiSuccess<{ symbol: string; is_favorite: boolean }>, FavoriteArgs>(
      {
        query: ({ symbol, favorite }) => ({
          url: `/symbols/${encodeURIComponent(symbol)}/favorites`,
          method: favorite ? 'POST' : 'DELETE',
        }),
        invalidatesTags: ['Symbols'],
      },
    ),
  }),
});

export const { useSetFavoriteMutation } = favoritesApi;
