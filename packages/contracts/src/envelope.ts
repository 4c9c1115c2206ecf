import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** The response envelope every /api/v1 call answers with (decisions: conventions). */
export interface ApiSuccess<T> {
  success: true;
  status: number;
  message: string;
  data: T;
  total?: number;
}

export interface ApiFailure<D = unknown> {
  success: false;
  status: number;
  code: string;
  message: string;
  data?: D;
}

export type ApiResponse<T, D = unknown> = ApiSuccess<T> | ApiFailure<D>;

/** Per-field messages of a 400 VALIDATION_ERROR: `data.errors[field] = first message`. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    status: z.number().int(),
    message: z.string(),
    data,
  });
}

/**
 * The deepest page a list serves. Each page further down makes the database count past every
 * row before it, so an unbounded `page` is a cheap way to make it scan.
 */
export const MAX_PAGE = 10_000;
export const pageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

export function pagedSchema<T extends z.ZodType>(data: T) {
  return successSchema(data).extend({ total: z.number().int() });
}

export const apiErrorSchema = z.object({
  success: z.literal(false),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  data: z.unknown().optional(),
});

/** A call whose only payload is its message. */
export const messageOnlySchema = successSchema(z.null());
