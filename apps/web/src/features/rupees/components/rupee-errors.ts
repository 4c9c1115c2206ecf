import { toastFailure } from '@/lib/api-error';

/** A refused call's field messages (validation, or a refusal that names its field), toasted too. */
export function failedFields(error: unknown, fallback: string): Record<string, string> {
  const failure = toastFailure(error, fallback, fallback);
  const data = failure.data as { errors?: Record<string, unknown> } | null | undefined;
  const errors = data?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
  );
}

/** The first message per field of a schema's refusal. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}
