import type { UserProfile } from '@exchange/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';
import { authApi } from './api/auth-api';

export interface UserInfoState {
  profile: UserProfile | null;
}

const initialState: UserInfoState = { profile: null };

/** Spec section 3: the profile, stored when fetched and cleared on logout. */
export const userInfoSlice = createSlice({
  name: 'userInfo',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(authApi.endpoints.getProfile.matchFulfilled, (state, action) => {
        state.profile = action.payload;
      }),
  selectors: { selectProfile: (state) => state.profile },
});

export const { selectProfile } = userInfoSlice.selectors;
