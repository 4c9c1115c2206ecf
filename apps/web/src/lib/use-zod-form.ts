import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;
/**
 * A schema fetched when first needed (`() => import('…').then((m) => m.schema)`): a screen whose
 * form must paint first (login) leaves zod out of its first load. It loads after the form has
 * rendered and at the latest when the form first validates.
 */
export type SchemaLoader<S> = () => Promise<S>;

const loaded = new WeakMap<SchemaLoader<unknown>, Promise<unknown>>();
/** The loader's schema, fetched once however many forms and renders ask. */
function loadOnce<S>(load: SchemaLoader<S>): Promise<S> {
  let schema = loaded.get(load) as Promise<S> | undefined;
  if (!schema) {
    schema = load();
    loaded.set(load, schema);
  }
  return schema;
}

function resolverOf<S extends FormSchema>(schema: S | SchemaLoader<S>): Resolver<FieldValues> {
  if (typeof schema !== 'function') return zodResolver(schema) as Resolver<FieldValues>;
  return async (values, context, options) =>
    (zodResolver(await loadOnce(schema)) as Resolver<FieldValues>)(values, context, options);
}

/**
 * react-hook-form validated by a contracts schema (or a loader of one): its messages show under
 * the fields, and submit receives what the schema outputs. `TValues` is what the fields hold; it
 * defaults to the schema's input and may be narrower (an amount typed as text where the API also
 * takes a number), never wider: the schema accepts every value the form can hold.
 */
export function useZodForm<S extends FormSchema, TValues extends z.input<S> = z.input<S>>(
  schema: S | SchemaLoader<S>,
  props: Omit<UseFormProps<NoInfer<TValues>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<TValues, unknown, z.output<S>> {
  // The one widening: a resolver of the schema's input reads any narrower form's values.
  const resolver = useMemo(() => resolverOf(schema), [schema]) as unknown as Resolver<
    TValues,
    unknown,
    z.output<S>
  >;
  // A loader's schema comes once the form is on screen, ready before anyone has typed.
  useEffect(() => {
    if (typeof schema === 'function') void loadOnce(schema);
  }, [schema]);
  return useForm<TValues, unknown, z.output<S>>({ ...props, resolver });
}
