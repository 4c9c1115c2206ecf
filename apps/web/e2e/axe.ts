import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, from npm (never fetched at run time). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** The WCAG 2.2 A and AA rules, axe's best practices, and the two the default set leaves off. */
const RUN_OPTIONS = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  rules: { 'target-size': { enabled: true }, 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/** Rules that fail a page whatever impact axe gives them (decisions of issue 30). */
const ALWAYS_FAIL = new Set(['landmark-unique', 'target-size', 'label-content-name-mismatch']);

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core in the page as it is now and returns the violations that fail it (critical or
 * serious, and the rules above), one readable line each. Evaluated over the DevTools protocol,
 * so the app's Content-Security-Policy does not stand in the way.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: unknown): Promise<unknown> } }).axe.run(
        document,
        options,
      ),
    RUN_OPTIONS,
  );
  return (violations as { violations: AxeViolation[] }).violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || ALWAYS_FAIL.has(v.id))
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')} ${n.html.slice(0, 160)}`,
      ),
    );
}
