import { apiErrorSchema, pagedSchema, successSchema } from '@exchange/contracts';
import { z } from 'zod';
import type { Said } from './messages.js';

/**
 * `{ success, status, message, data }` with the given data. A message from the catalog (a
 * `said(key, ...values)`, or a text whose English it holds) goes out in the reader's language
 * (plugins/notices.ts words it before serializing); a `Said` is typed as the text it becomes.
 */
export function ok<T>(status: number, message: string | Said, data: T) {
  return { success: true as const, status, message: message as string, data };
}

type Success<D> = D extends z.ZodType ? ReturnType<typeof successSchema<D>> : never;

/** A route's declared responses, plus the error envelope for every 4xx and 5xx. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  const wrapped = Object.fromEntries(
    Object.entries(success).map(([status, data]) => [status, successSchema(data)]),
  ) as { [K in keyof T]: Success<T[K]> };
  return { ...wrapped, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/**
 * A body the docs show but Fastify does not check (plugins/docs.ts): a multipart upload's is read
 * part by part by its handler, so a `body` schema would refuse it before it is read.
 */
export interface DocumentedSchema {
  documentedBody?: Record<string, unknown>;
}

/**
 * The declared responses of a CSV download: 200 is `text/csv` (UTF-8 with a BOM, for
 * spreadsheets) whose header row is `columns`; failures are the JSON envelope as elsewhere.
 */
export function csvResponses(columns: readonly string[]) {
  return {
    200: {
      description: `CSV, UTF-8 with a byte-order mark; columns: ${columns.join(', ')}`,
      content: { 'text/csv': { schema: z.string() } },
    },
    '4xx': apiErrorSchema,
    '5xx': apiErrorSchema,
  };
}

/** `/:id` of a deposit or withdrawal record; anything but a UUID is unknown. */
export const recordIdParams = z.object({ id: z.uuid({ error: 'Unknown id' }) });

/** A page of a list: `data` plus `total`, the count of the whole list. */
export function okPage<T>(data: T, total: number, message = 'OK') {
  return { success: true as const, status: 200, message, data, total };
}

/** The declared responses of a paged list. */
export function pagedResponses<T extends z.ZodType>(data: T) {
  return { 200: pagedSchema(data), '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/**
 * A route option for the hottest routes (placing and cancelling an order), whose every answer is
 * built field by field with its contract's type: a success by a DTO function, a refusal or failure
 * by the error handler's `failure` (plugins/error-handler.ts). Each is written with JSON.stringify
 * rather than re-checked against its schema: that check was a twentieth of an order request, and
 * most of a refused one's own time (a cancel that finds its order filled, a tenth of the calls;
 * issue 33). Tests hold both kinds of answer to the schemas.
 */
export const serializeBuiltAnswers = () => (data: unknown) => JSON.stringify(data);
