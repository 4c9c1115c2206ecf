import type { WalletType } from '@exchange/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

export interface WalletCallResult {
  success: boolean;
  message: string;
}

export interface WalletState {
  selectedWallet: WalletType;
  lastTransferResult: WalletCallResult | null;
  lastWithdrawResult: WalletCallResult | null;
  /** Token id → wallet type → balance, as the spot order form reads it. */
  walletBalancesByToken: Record<
    string,
    Partial<Record<WalletType, { amount: string; short_name: string }>>
  >;
}

const initialState: WalletState = {
  selectedWallet: 'spot',
  lastTransferResult: null,
  lastWithdrawResult: null,
  walletBalancesByToken: {},
};

/** Spec section 3's wallet slice: client state of the wallet screens (balances live in the API cache). */
export const walletSlice = createSlice({
  name: 'wallet',
  initialState,
  reducers: {
    walletSelected(state, action: PayloadAction<WalletType>) {
      state.selectedWallet = action.payload;
    },
    transferFinished(state, action: PayloadAction<WalletCallResult>) {
      state.lastTransferResult = action.payload;
    },
    withdrawFinished(state, action: PayloadAction<WalletCallResult>) {
      state.lastWithdrawResult = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { walletSelected, transferFinished, withdrawFinished } = walletSlice.actions;
