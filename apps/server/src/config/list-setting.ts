/** A comma-separated setting's entries, trimmed, empty ones dropped. */
export function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
