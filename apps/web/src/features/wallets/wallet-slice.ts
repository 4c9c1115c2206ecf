import type { WalletType } from '@exchange/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

export interface WalletState {
  selectedWallet: WalletType;
  lastTransferResult: { success: boolean; message: string } | null;
  lastWithdrawResult: { success: boolean; message: string } | null;
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

/** Spec section 3's wallet slice; the wallet screens fill it in. */
export const walletSlice = createSlice({
  name: 'wallet',
  initialState,
  reducers: {
    walletSelected(state, action: PayloadAction<WalletType>) {
      state.selectedWallet = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});
