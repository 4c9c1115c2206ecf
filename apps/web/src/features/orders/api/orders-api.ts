import type {
  ApiSuccess,
  OrderDto,
  PlaceOcoRequest,
  PlaceOrderRequest,
  SocketPayload,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { listenWhileCached } from '@/lib/socket';
import type { OrderStatusFilter } from '../orders-slice';

/** Spec section 9: orders lists page 1, size 20. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersArgs {
  status: OrderStatusFilter;
  page: number;
}

export interface OrdersPage {
  data: OrderDto[];
  total: number;
}

const belongs = (status: OrderStatusFilter, order: OrderDto) =>
  status === 'open' ? order.status === 'open' : order.status !== 'open';

/** An `order_update` applied to one list: replaced where shown, added on page 1, or removed. */
export function applyOrderUpdate(page: OrdersPage, args: OrdersArgs, order: OrderDto) {
  const index = page.data.findIndex((o) => o._id === order._id);
  if (belongs(args.status, order)) {
    if (index >= 0) page.data[index] = order;
    else if (args.page === 1) {
      page.data.unshift(order);
      if (page.data.length > ORDERS_PAGE_SIZE) page.data.pop();
      page.total += 1;
    }
  } else if (index >= 0) {
    page.data.splice(index, 1);
    page.total = Math.max(0, page.total - 1);
  }
}

/** The spot order calls of spec section 7; the user's lists follow `order_update` live. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrdersPage, OrdersArgs>({
      query: ({ status, page }) => ({
        url: '/orders/spot',
        params: { order_status: status, page, page_size: ORDERS_PAGE_SIZE },
      }),
      transformResponse: (body: ApiSuccess<OrderDto[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['Orders'],
      async onCacheEntryAdded(args, { updateCachedData, ...life }) {
        const onOrder = ({ data }: SocketPayload<OrderDto>) =>
          updateCachedData((page) => applyOrderUpdate(page, args, data));
        await listenWhileCached('order_update', onOrder, life);
      },
    }),
    placeOrder: build.mutation<ApiSuccess<OrderDto>, PlaceOrderRequest>({
      query: (body) => ({ url: '/orders/spot', method: 'POST', body }),
      // Spec section 4: after a successful order the page refreshes its data.
      invalidatesTags: ['Orders', 'Wallets'],
    }),
    placeOco: build.mutation<ApiSuccess<OrderDto[]>, PlaceOcoRequest>({
      query: (body) => ({ url: '/orders/spot/oco', method: 'POST', body }),
      invalidatesTags: ['Orders', 'Wallets'],
    }),
    cancelOrder: build.mutation<ApiSuccess<OrderDto>, string>({
      query: (id) => ({
        url: `/orders/spot/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status: 'cancelled' },
      }),
      invalidatesTags: ['Orders', 'Wallets'],
    }),
  }),
});

export const {
  useGetOrdersQuery,
  usePlaceOrderMutation,
  usePlaceOcoMutation,
  useCancelOrderMutation,
} = ordersApi;
