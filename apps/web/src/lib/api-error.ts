import { FALLBACK_ERROR_MESSAGE } from '@exchange/contracts';
import { paths } from '@/config/paths';
import { toast, type ToastLink } from './toast';

/**
 * Refusals that a step elsewhere lifts point to it: identity verification (decision D18), and an
 * administrator's second factor, without which every admin call is refused.
 */
const WAY_OUT: Partial<Record<string, ToastLink>> = {
  KYC_REQUIRED: { label: 'Identity Verification', href: paths.profileKyc.getHref() },
  SECOND_FACTOR_ENROLMENT_REQUIRED: { label: 'Security', href: paths.profileSecurity.getHref() },
};

/** A failed call as spec section 7 describes it: success false, status (500 when none), message. */
export interface CallFailure {
  success: false;
  status: number;
  code: string | null;
  message: string | null;
  data: unknown;
  /** No answer from the server at all: network down, timeout, unreadable body. */
  exception: boolean;
}

/** An error with the server's HTTP status: it answered (RTK Query's `FetchBaseQueryError`). */
const isAnswered = (error: unknown): error is { status: number; data?: unknown } =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  typeof error.status === 'number';

interface EnvelopeBody {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Whatever a call threw (RTK Query's error, or anything else) as a `CallFailure`. */
export function toFailure(error: unknown): CallFailure {
  if (isAnswered(error)) {
    const body = (typeof error.data === 'object' && error.data ? error.data : {}) as EnvelopeBody;
    return {
      success: false,
      status: error.status,
      code: typeof body.code === 'string' ? body.code : null,
      message: typeof body.message === 'string' && body.message ? body.message : null,
      data: body.data,
      exception: false,
    };
  }
  return { success: false, status: 500, code: null, message: null, data: null, exception: true };
}

/**
 * The one place an API error becomes a toast (spec section 8): the server's message, else the
 * screen's fallback; with no answer at all, the screen's exception text.
 */
export function toastFailure(
  error: unknown,
  fallback: string,
  exceptionMessage: string = FALLBACK_ERROR_MESSAGE,
): CallFailure {
  const failure = toFailure(error);
  const message = failure.exception ? exceptionMessage : (failure.message ?? fallback);
  toast.error(message, failure.code ? WAY_OUT[failure.code] : undefined);
  return failure;
}

/** `data.errors` of a 400 VALIDATION_ERROR: field → first message. */
export function fieldErrors(failure: CallFailure): Record<string, string> {
  const data = failure.data as { errors?: unknown } | null | undefined;
  if (failure.code !== 'VALIDATION_ERROR' || !data || typeof data.errors !== 'object') return {};
  return (data.errors ?? {}) as Record<string, string>;
}

export const dataStatusOf = (failure: CallFailure) =>
  (failure.data as { status?: unknown } | null | undefined)?.status;

/** Decision D18: the server refused for want of approved identity verification. */
export const isKycRequired = (failure: CallFailure) => failure.code === 'KYC_REQUIRED';

const SECOND_FACTOR_REFUSALS = new Set([
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_LOCKED',
]);

/** A refusal about the second factor's code: its message belongs under the code field. */
export const isSecondFactorRefusal = (failure: CallFailure) =>
  failure.code !== null && SECOND_FACTOR_REFUSALS.has(failure.code);
