import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, toastFailure } from '@/lib/api-error';

/**
 * A dialog form's messages: the contract schema's on the client first, then the server's (a
 * field's message beside it, anything else as a toast).
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(body);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    return null;
  };
  const failed = (error: unknown, fallback: string) =>
    setErrors(fieldErrors(toastFailure(error, fallback)) as Record<string, string>);
  return { errors, check, failed };
}
