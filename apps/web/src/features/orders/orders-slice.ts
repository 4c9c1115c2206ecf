import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

export type OrderStatusFilter = 'open' | 'closed';

export interface AllOrdersState {
  page: number;
  pageSize: number;
  filters: { order_status: OrderStatusFilter };
}

const initialState: AllOrdersState = { page: 1, pageSize: 20, filters: { order_status: 'open' } };

/** Spec section 3's allOrders slice: the orders tabs set order_status (open or closed). */
export const allOrdersSlice = createSlice({
  name: 'allOrders',
  initialState,
  reducers: {
    orderStatusChanged(state, action: PayloadAction<OrderStatusFilter>) {
      state.filters.order_status = action.payload;
      state.page = 1;
    },
    ordersPageChanged(state, action: PayloadAction<number>) {
      state.page = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: { selectAllOrders: (state) => state },
});

export const { orderStatusChanged, ordersPageChanged } = allOrdersSlice.actions;
export const { selectAllOrders } = allOrdersSlice.selectors;
