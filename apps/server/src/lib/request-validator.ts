import { TEXT_MESSAGES, unstorableTextPath } from '@exchange/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Every route's zod schema (body, query, params, headers), with one more rule: no string of what
 * it keeps holds a NUL or an unpaired surrogate, which PostgreSQL cannot store (a 500 from any free
 * text field before review N4-L1). Refused as any other validation failure: 400, the field's path,
 * the message in the caller's language. The rule runs after the schema's own, on what it kept.
 */
export const requestValidator: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({
    ...route,
    schema: route.schema.superRefine((value, context) => {
      const path = unstorableTextPath(value);
      if (path) context.addIssue({ code: 'custom', path, message: TEXT_MESSAGES.unstorable });
    }),
  });
