/**
 * `npm run bench:web [-- --json] [-- --seconds 10 --rate 200] [-- --path /market] [-- --cpu 4]
 * [-- --compare DIR --rounds 3]`: the trading page (or `path`: /market, the markets overview) in
 * headless Chromium while orders flow on BTCUSDT at `rate` a second (two traders crossing each
 * other, on top of the demo market maker). Over `seconds` it reports the main thread's longest
 * task, the tasks over 50 ms (from a Chromium trace), the main thread's busy time and script time
 * per second and per book update, and frames per second (requestAnimationFrame). `--cpu 4` slows
 * the page's CPU 4x (a mid-range phone, as Lighthouse's mobile profile). `--compare DIR` measures
 * another build of the web app (a baseline: `vite build --outDir DIR` on another commit) beside
 * this one, `rounds` times each, alternating, and prints both medians.
 * Bar: no task over 50 ms; the five longest are printed. `--explain` lists what the long tasks
 * spent their time on; `--profile MS` samples the page's script and lists, for each task over
 * `MS`, where its samples' code came from (a package or a source file, through the build's
 * source maps). `--load` measures first visits instead (`page-load.ts`): the trading screen
 * loaded in a phone's viewport, its tasks over 50 ms from the navigation until the chart is up and
 * 3 s more, and their blocking time; `--compare`, `--rounds`, `--cpu`, `--explain` and
 * `--profile` apply alike.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { benchTraders, startExchange, startOrderFlow, type Exchange } from './bench-exchange';
import { countFrames, median } from './bench-stats';
import { measureLoad } from './page-load';
import { CPU_PROFILE_CATEGORY, profileLongTasks } from './long-task-profile';
import { topEntryPoints } from './trace-profile';
import {
  explainLongTasks,
  LONG_TASK_MS,
  mainThreadTasks,
  scriptTime,
  selfTimeByEvent,
} from './trace-tasks';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option('seconds', 10);
const RATE = option('rate', 200);
const CPU = option('cpu', 1);
const ROUNDS = option('rounds', 3);
const WARMUP_MS = 3000;
const pathAt = args.indexOf('--path');
const PATH = pathAt >= 0 ? args[pathAt + 1]! : '/BTCUSDT';
const compareAt = args.indexOf('--compare');
const BASELINE_DIST = compareAt >= 0 ? args[compareAt + 1] : undefined;
const LOAD = args.includes('--load');
const PROFILE_MS = args.includes('--profile') ? option('profile', LONG_TASK_MS) : undefined;
const THIS_DIST = path.resolve(import.meta.dirname, '../dist');

interface Variant {
  name: string;
  /** The web app's build it serves (for source maps). */
  dist: string;
  exchange: Exchange;
  traders: string[];
}

/** One measured window of `variant`'s page with orders flowing. */
async function measure(browser: Browser, { exchange, traders, dist }: Variant) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  let stopFlow = async () => {};
  try {
    let bookUpdates = 0;
    let tradeUpdates = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = payload.toString();
        if (text.includes('orderbook_update@BTCUSDT')) bookUpdates++;
        if (text.includes('trade_update@BTCUSDT')) tradeUpdates++;
      }),
    );
    const cdp = await page.context().newCDPSession(page);
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (PATH === '/market') {
      // Markets is for signed-in users: the first trader's session, kept as the app keeps it.
      await page.goto(`${exchange.url}/api/v1/health`);
      await page.evaluate((token) => {
        localStorage.setItem('token', token);
        localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
      }, traders[0]!);
    }
    await page.goto(`${exchange.url}${PATH}`);
    if (PATH === '/market') {
      // The cards' first pair, live (the table opens on Favorites, empty for a visitor).
      await page.locator('main ul li a').first().waitFor({ timeout: 30_000 });
    } else {
      await page.getByTestId('bid-row').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('chart-legend').waitFor({ timeout: 30_000 });
    }
    const flow = startOrderFlow(exchange, traders, RATE);
    stopFlow = flow.stop;
    await flow.ready;
    await page.waitForTimeout(WARMUP_MS);
    const before = flow.counts();
    const [booksBefore, tradesBefore] = [bookUpdates, tradeUpdates];
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        ...(PROFILE_MS === undefined ? [] : [CPU_PROFILE_CATEGORY]),
      ],
    });
    const frames = await countFrames(page, SECONDS * 1000);
    const trace = (await browser.stopTracing()).toString('utf8');
    const after = flow.counts();
    await flow.stop();
    const tasks = mainThreadTasks(trace);
    const books = bookUpdates - booksBefore;
    const busy = tasks.reduce((sum, ms) => sum + ms, 0);
    const script = scriptTime(trace);
    if (PROFILE_MS !== undefined)
      for (const line of profileLongTasks(trace, PROFILE_MS, dist)) console.log(line);
    if (args.includes('--explain')) {
      for (const line of explainLongTasks(trace, LONG_TASK_MS)) console.log(line);
      for (const [name, ms] of topEntryPoints(trace, 15))
        console.log(`  ${(ms / SECONDS).toFixed(1).padStart(6)} ms/s ${name}`);
      const shares = selfTimeByEvent(trace).slice(0, 12);
      console.log(
        `  main thread by event, ms/s: ${shares.map(([name, ms]) => `${name} ${(ms / SECONDS).toFixed(1)}`).join(', ')}`,
      );
    }
    return {
      ordersPerSecond: +((after.placed - before.placed) / SECONDS).toFixed(1),
      ordersFailed: after.failed - before.failed,
      firstFailure: after.firstFailure || '-',
      bookUpdatesPerSecond: +(books / SECONDS).toFixed(1),
      tradeUpdatesPerSecond: +((tradeUpdates - tradesBefore) / SECONDS).toFixed(1),
      mainThreadTasks: tasks.length,
      busyMsPerSecond: +(busy / SECONDS).toFixed(1),
      scriptMsPerSecond: +(script / SECONDS).toFixed(1),
      busyMsPerBookUpdate: books ? +(busy / books).toFixed(2) : 0,
      longestTaskMs: +Math.max(0, ...tasks).toFixed(1),
      tasksOver50Ms: tasks.filter((ms) => ms > LONG_TASK_MS).length,
      longestTasksMs: [...tasks]
        .sort((a, b) => b - a)
        .slice(0, 5)
        .map((ms) => +ms.toFixed(1))
        .join(', '),
      framesPerSecond: +(frames / SECONDS).toFixed(1),
    };
  } finally {
    await stopFlow();
    await page.close();
  }
}

type Result = Record<string, number | string>;

/** Each numeric figure's median over the runs; the rest from the last run. */
function summarise(runs: Result[]): Result {
  const last = runs.at(-1)!;
  return Object.fromEntries(
    Object.entries(last).map(([key, value]) => [
      key,
      typeof value === 'number' ? median(runs.map((r) => r[key as keyof Result] as number)) : value,
    ]),
  ) as Result;
}

async function startVariant(name: string, webDist?: string): Promise<Variant> {
  const exchange = await startExchange(webDist ? { webDist } : {});
  return {
    name,
    dist: webDist ?? THIS_DIST,
    exchange,
    traders: await benchTraders(exchange),
  };
}

async function main() {
  const variants: Variant[] = [];
  const browser = await launchBrowser();
  try {
    if (BASELINE_DIST)
      variants.push(await startVariant(`baseline ${BASELINE_DIST}`, BASELINE_DIST));
    variants.push(await startVariant('this build'));
    const rounds = BASELINE_DIST ? ROUNDS : 1;
    const runs = new Map<Variant, Result[]>(variants.map((v) => [v, []]));
    // Round by round, each variant once, so a swing in the machine's load hits them alike.
    for (let round = 0; round < rounds; round++)
      for (const v of variants)
        runs.get(v)!.push(
          LOAD
            ? await measureLoad(browser, v.exchange.url, v.dist, {
                cpu: CPU,
                path: PATH,
                profileMs: PROFILE_MS,
                explain: args.includes('--explain'),
              })
            : await measure(browser, v),
        );
    const results = variants.map((v) => {
      const result = summarise(runs.get(v)!);
      return { variant: v.name, runs: rounds, ...result, barMet: result.tasksOver50Ms === 0 };
    });
    if (args.includes('--json')) return console.log(JSON.stringify(results));
    for (const { variant, barMet, ...result } of results) {
      console.log(
        LOAD
          ? `${PATH} [${variant}], first visits at 412 px, CPU ${CPU}x slower`
          : `${PATH} [${variant}], ${SECONDS} s, CPU ${CPU}x slower, orders on BTCUSDT`,
      );
      if (rounds > 1)
        console.log(
          `  medians of ${rounds} runs (${LOAD ? 'blocking ms' : 'busy ms/s'}: ${runs
            .get(variants.find((v) => v.name === variant)!)!
            .map((r) => (LOAD ? r.blockingMs : r.busyMsPerSecond))
            .join(', ')})`,
        );
      for (const [key, value] of Object.entries(result))
        console.log(`  ${key.padEnd(22)} ${value}`);
      if (!LOAD)
        console.log(
          `  bar (no main-thread task over ${LONG_TASK_MS} ms): ${barMet ? 'met' : 'NOT met'}`,
        );
    }
  } finally {
    await browser.close();
    for (const v of variants) await v.exchange.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
