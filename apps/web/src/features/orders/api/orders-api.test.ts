import type { OrderDto } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { anOrder } from '@/testing/orders';
import { applyOrderUpdate, type OrdersPage } from './orders-api';

const order = (id: string, status: OrderDto['status']) => anOrder({ _id: id, status });

describe('applyOrderUpdate', () => {
  it('moves a filled order out of Open Orders and onto page 1 of the history', () => {
    const open: OrdersPage = { data: [order('1', 'open'), order('2', 'open')], total: 2 };
    const history: OrdersPage = { data: [], total: 0 };
    const filled = order('1', 'filled');
    applyOrderUpdate(open, { status: 'open', page: 1 }, filled);
    applyOrderUpdate(history, { status: 'closed', page: 1 }, filled);
    expect(open).toEqual({ data: [order('2', 'open')], total: 1 });
    expect(history).toEqual({ data: [filled], total: 1 });
  });

  it('updates an order in place and leaves later pages alone', () => {
    const open: OrdersPage = { data: [order('1', 'open')], total: 1 };
    const partly = { ...order('1', 'open'), filled_volume: '0.5' };
    applyOrderUpdate(open, { status: 'open', page: 1 }, partly);
    expect(open.data[0]?.filled_volume).toBe('0.5');
    const page2: OrdersPage = { data: [], total: 21 };
    applyOrderUpdate(page2, { status: 'open', page: 2 }, order('9', 'open'));
    expect(page2).toEqual({ data: [], total: 21 });
  });
});
