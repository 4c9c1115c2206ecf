import { apiErrorSchema, successSchema } from '@exchange/contracts';
import type { z } from 'zod';

/** `{ success, status, message, data }` with the given data. */
export function ok<T>(status: number, message: string, data: T) {
  return { success: true as const, status, message, data };
}

type Success<D> = D extends z.ZodType ? ReturnType<typeof successSchema<D>> : never;

/** A route's declared responses, plus the error envelope for every 4xx and 5xx. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  const wrapped = Object.fromEntries(
    Object.entries(success).map(([status, data]) => [status, successSchema(data)]),
  ) as { [K in keyof T]: Success<T[K]> };
  return { ...wrapped, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}
