import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_BASE_URL, CACHE_RETENTION_SECONDS, REQUEST_TIMEOUT_MS } from '@/config/constants';
import { clearToken, getToken, loggedOut } from './session';
import { toast } from './toast';

/**
 * Said once when the server ends a session (revoked elsewhere, idle, expired): walk-3 D13. A key
 * of the `messages` catalog: the toaster says it in the app's language (walk-4 W4-2).
 */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, timeout: REQUEST_TIMEOUT_MS });

/**
 * Decision D2: the Bearer token rides on every call while stored, except the public /auth calls
 * (sign-up, login, codes, password reset, passkey login); /auth/logout, /auth/sessions and
 * /auth/logins carry it.
 */
const PUBLIC_AUTH = /^\/auth\/(register|login|otp|password|passkey)(\/|$)/;
export const isPublic = (url: string) => PUBLIC_AUTH.test(url);

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

const bodyStatus = (error: FetchBaseQueryError) =>
  typeof error.data === 'object' && error.data !== null && 'status' in error.data
    ? (error.data as { status: unknown }).status
    : undefined;

/**
 * The one place every call goes through: the token, the timeout, and the 401 rule (spec sections
 * 4 and 8): a 401 with a token stored clears it, from / goes to /BTCUSDT, and signs the app out.
 */
const oneCall: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const url = urlOf(args);
  const token = isPublic(url) ? null : getToken();
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (token) request.headers = { ...request.headers, Authorization: `Bearer ${token}` };
  // The app's language (i18n sets the page's lang): the server says its messages in it (a
  // signed-in user's saved language first) and writes a visitor's mails in it.
  const language = document.documentElement.lang;
  if (language) request.headers = { ...request.headers, 'Accept-Language': language };
  const result = await rawBaseQuery(request, api, extra);
  if (result.error?.status === 401 && token) {
    // Calls under way when the session ended are refused too: the first of them says so.
    if (clearToken()) toast.warning(SESSION_EXPIRED_MESSAGE);
    // Decision D3: from / the user goes to /BTCUSDT (the spec's /BTCUSD is a typo).
    if (window.location.pathname === '/') window.location.replace('/BTCUSDT');
    if (bodyStatus(result.error) === 401) api.dispatch(loggedOut());
  }
  return result;
};

/**
 * Calls are made once; an endpoint may ask for retries in its `extraOptions` (the money calls,
 * `RETRY_UNANSWERED` in lib/idempotency.ts).
 */
const baseQuery = retry(oneCall, { maxRetries: 0 });

/** RTK Query: one API for the app; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'SMSLog',
    'Symbols',
    'Wallets',
    'Orders',
    'DepositHistory',
    'WithdrawHistory',
    'ApiKeys',
    'Security',
    'UsdtInrRates',
    'AdminUsers',
    'AdminMarkets',
    'AuditLog',
    'LedgerAudit',
    'Reserves',
    'Sessions',
    'LoginHistory',
    'BankAccounts',
    'AdminRupees',
    'WithdrawLimits',
    'AddressBook',
    'PriceAlerts',
    'Notifications',
    'Pnl',
    'AmlCases',
  ],
  keepUnusedDataFor: CACHE_RETENTION_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
