import { zodResolver } from '@hookform/resolvers/zod';
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
 * react-hook-form validated by a contracts schema: its messages show under the fields, and submit
 * receives what the schema outputs. `TValues` is what the fields hold; it defaults to the
 * schema's input and may be narrower (an amount typed as text where the API also takes a number),
 * never wider: the schema accepts every value the form can hold.
 */
export function useZodForm<S extends FormSchema, TValues extends z.input<S> = z.input<S>>(
  schema: S,
  props: Omit<UseFormProps<NoInfer<TValues>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<TValues, unknown, z.output<S>> {
  // The one widening: a resolver of the schema's input reads any narrower form's values.
  const resolver = zodResolver(schema) as Resolver<TValues, unknown, z.output<S>>;
  return useForm<TValues, unknown, z.output<S>>({ ...props, resolver });
}
