import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { useTransitionSelector } from './use-transition-selector';

const prices = createSlice({
  name: 'prices',
  initialState: { btc: '100', other: 0 },
  reducers: {
    priced: (state, action: PayloadAction<string>) => void (state.btc = action.payload),
    elsewhere: (state) => void (state.other += 1),
  },
});
type State = { prices: ReturnType<typeof prices.reducer> };
const selectBtc = (state: State) => state.prices.btc;

function setUp() {
  const store = configureStore({ reducer: { prices: prices.reducer } });
  let renders = 0;
  function Price() {
    renders += 1;
    return <p>{useTransitionSelector(selectBtc)}</p>;
  }
  render(
    <Provider store={store}>
      <Price />
    </Provider>,
  );
  return { store, renders: () => renders };
}

describe('useTransitionSelector', () => {
  it('shows the store value, then each change', async () => {
    const { store } = setUp();
    expect(screen.getByText('100')).toBeInTheDocument();
    await act(async () => void store.dispatch(prices.actions.priced('101.5')));
    expect(await screen.findByText('101.5')).toBeInTheDocument();
  });

  it('renders nothing for a change it does not select', async () => {
    const { store, renders } = setUp();
    const before = renders();
    await act(async () => void store.dispatch(prices.actions.elsewhere()));
    expect(renders()).toBe(before);
    expect(screen.getByText('100')).toBeInTheDocument();
  });

  it('hears a change made before it subscribed', async () => {
    const store = configureStore({ reducer: { prices: prices.reducer } });
    function Price() {
      const value = useTransitionSelector(selectBtc);
      return <p>{value}</p>;
    }
    // The store changes between the render and the effect that subscribes: a layout effect
    // runs before the passive one.
    function ChangeInLayout() {
      useLayoutEffect(() => {
        store.dispatch(prices.actions.priced('99'));
      }, []);
      return null;
    }
    render(
      <Provider store={store}>
        <Price />
        <ChangeInLayout />
      </Provider>,
    );
    expect(await screen.findByText('99')).toBeInTheDocument();
  });
});
