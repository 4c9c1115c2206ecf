/** One sample of a Prometheus text exposition: `name{labels} value`. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (comments and blank lines left out). */
export function samplesOf(text: string): PromSample[] {
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`, or null. */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | null {
  const found = samplesOf(text).find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found ? found.value : null;
}

/** The metric families a scrape declares (`# TYPE name kind`). */
export function familiesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((m) => m[1]!));
}
