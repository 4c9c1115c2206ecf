import type { Browser } from 'playwright-core';
import { CPU_PROFILE_CATEGORY, profileLongTasks } from './long-task-profile';
import { explainLongTasks, LONG_TASK_MS, mainThreadTasksAround } from './trace-tasks';

const CHART_MADE = 'bench:chart-made';

/**
 * Marks the moment the chart's first canvas is in the page, in the task that made the chart (a
 * mutation observer's callback runs at that task's end); its first draw comes after.
 */
const markChartMade = `new MutationObserver((_, observer) => {
  if (!document.querySelector('[data-testid="price-chart"] canvas')) return;
  performance.mark('${CHART_MADE}');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/** Over `LONG_TASK_MS`, and what they spend beyond it (Lighthouse's blocking time). */
function longTasks(tasks: number[]) {
  const long = tasks.filter((ms) => ms > LONG_TASK_MS);
  return {
    blocking: +long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0).toFixed(1),
    list: long.map((ms) => ms.toFixed(0)).join(', ') || '-',
  };
}

export interface LoadOptions {
  /** The page's CPU slowdown (4: Lighthouse's mobile profile). */
  cpu: number;
  /** A pair's trading screen, /BTCUSDT by default. */
  path: string;
  /** Prints each task over this many ms by where its samples' code came from. */
  profileMs?: number | undefined;
  explain: boolean;
}

/**
 * One first visit of the trading screen at `path` in a phone's viewport (412 x 823,
 * Lighthouse's), traced from the navigation until its chart's legend is up and 3 s more: when the
 * screen was up, and the main thread's tasks over 50 ms with their blocking time (what each
 * spends over 50 ms, as Lighthouse's TBT counts it), in all, before the chart is made (the
 * shell's parse, compile and evaluation, the first render) and from the task that makes it on (its
 * creation and first draw, the feeds).
 */
export async function measureLoad(
  browser: Browser,
  url: string,
  dist: string,
  { cpu, path, profileMs, explain }: LoadOptions,
) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  try {
    const cdp = await page.context().newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(markChartMade);
    await page.goto('about:blank');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        ...(profileMs === undefined ? [] : [CPU_PROFILE_CATEGORY]),
      ],
    });
    const start = Date.now();
    await page.goto(`${url}${path}`);
    await page.getByTestId('chart-legend').waitFor({ timeout: 60_000 });
    const upMs = Date.now() - start;
    await page.waitForTimeout(3000);
    const trace = (await browser.stopTracing()).toString('utf8');
    if (profileMs !== undefined)
      for (const line of profileLongTasks(trace, profileMs, dist)) console.log(line);
    if (explain) for (const line of explainLongTasks(trace, LONG_TASK_MS)) console.log(line);
    const { before, after } = mainThreadTasksAround(trace, CHART_MADE);
    const loading = longTasks(before);
    const chart = longTasks(after);
    return {
      screenUpMs: upMs,
      blockingMs: +(loading.blocking + chart.blocking).toFixed(1),
      longestTaskMs: +Math.max(0, ...before, ...after).toFixed(1),
      blockingBeforeChartMs: loading.blocking,
      longTasksBeforeChart: loading.list,
      blockingFromChartMs: chart.blocking,
      longTasksFromChart: chart.list,
    };
  } finally {
    await page.close();
  }
}
