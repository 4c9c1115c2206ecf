/**
 * `npm run bench:lighthouse [-- --json] [-- --runs 3] [-- /login /wallets]`: Lighthouse's mobile
 * profile (its default: a mid-range phone, simulated 4x CPU slowdown and slow 4G) on the built
 * app with the demo market on a fresh data folder, in Debian's headless Chromium. Each route runs
 * `runs` times from an empty cache; the medians of the performance and accessibility scores and
 * the key metrics are printed per route. Signed-in routes run as the demo user (the token in
 * local storage, as the app keeps it). Bar: performance at least 90, accessibility 100.
 * `--explain` prints each run's scripts by main-thread time, its longest tasks, the largest
 * contentful paint's element and what shifted the layout; `--save DIR` keeps each run's report
 * (JSON) there. `--compare DIR` measures another build of the web app (a baseline: `vite build
 * --outDir DIR` on another commit) beside this one, their runs interleaved, so both see the
 * same load on the machine; each route prints both medians.
 *
 * The default CPU slowdown (4x) assumes a high-end desktop host: Lighthouse's own docs
 * (docs/throttling.md, "Calibrating the CPU slowdown") say to lower it on a weaker host, which
 * Lighthouse itself flags when its BenchmarkIndex is under 1000. Every run prints the host's
 * BenchmarkIndex; `--cpu-slowdown N` sets the multiplier, and `--calibrate` derives it from the
 * host's BenchmarkIndex measured first, with the Lighthouse team's calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator) for a mid-tier phone.
 */
import fs from 'node:fs';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { BENCH_DEMO_PASSWORD, startExchange, type Exchange } from './bench-exchange';
import { median } from './bench-stats';
import { calibratedSlowdown } from './cpu-slowdown';

const ROUTES: { path: string; signedIn: boolean }[] = [
  { path: '/BTCUSDT', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/wallets', signedIn: true },
  { path: '/market', signedIn: true },
];
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BAR = { performance: 90, accessibility: 100 };

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const named = args.filter(
  (a, i) => a.startsWith('/') && !['--runs', '--save', '--compare'].includes(args[i - 1]!),
);
const compareAt = args.indexOf('--compare');
const BASELINE_DIST = compareAt >= 0 ? args[compareAt + 1] : undefined;
const saveAt = args.indexOf('--save');
const SAVE_DIR = saveAt >= 0 ? args[saveAt + 1] : undefined;
const routes = named.length ? ROUTES.filter((r) => named.includes(r.path)) : ROUTES;
const slowdownAt = args.indexOf('--cpu-slowdown');
/** The CPU multiplier every run uses; Lighthouse's default unless set or calibrated. */
let cpuSlowdown = slowdownAt >= 0 ? Number(args[slowdownAt + 1]) : 4;
if (!(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown takes a number of at least 1');

interface Run {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptKb: number;
  /** Lighthouse's measure of the host's CPU (higher is faster; a high-end desktop 1500-2000). */
  benchmarkIndex: number;
}

interface Item {
  url?: string;
  total?: number;
  scripting?: number;
  duration?: number;
  startTime?: number;
  node?: { snippet?: string; selector?: string };
  score?: number;
  items?: Item[];
}

/** What took the main thread: scripts by time (bootup-time) and the longest tasks. */
function explain(result: RunnerResult) {
  const items = (id: string) =>
    ((result.lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 6);
  const file = (url = '') => url.replace(/^https?:\/\/[^/]+/, '');
  for (const i of items('bootup-time'))
    console.log(
      `    script ${Math.round(i.total ?? 0)} ms (${Math.round(i.scripting ?? 0)} ms eval) ${file(i.url)}`,
    );
  for (const i of items('long-tasks'))
    console.log(
      `    task ${Math.round(i.duration ?? 0)} ms at ${Math.round(i.startTime ?? 0)} ms ${file(i.url)}`,
    );
  // Both audits list tables of tables: the element (LCP), the shifted elements and their scores.
  const nodes = (id: string) =>
    items(id).flatMap((i) => (i.node ? [i] : (i.items ?? []).filter((n) => n.node)));
  for (const i of nodes('largest-contentful-paint-element').slice(0, 1))
    console.log(
      `    lcp element ${i.node?.selector ?? ''} ${i.node?.snippet?.slice(0, 100) ?? ''}`,
    );
  for (const i of nodes('layout-shifts'))
    console.log(
      `    shift ${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? ''} ${i.node?.snippet?.slice(0, 80) ?? ''}`,
    );
}

function runOf(result: RunnerResult): Run {
  const { categories, audits } = result.lhr;
  const metric = (id: string) => audits[id]?.numericValue ?? NaN;
  const items = (audits['resource-summary']?.details as { items?: unknown[] } | undefined)?.items;
  const script = (items as { resourceType: string; transferSize: number }[] | undefined)?.find(
    (i) => i.resourceType === 'script',
  );
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: +metric('cumulative-layout-shift').toFixed(3),
    speedIndexMs: Math.round(metric('speed-index')),
    scriptKb: +((script?.transferSize ?? 0) / 1024).toFixed(1),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  };
}

/** One Lighthouse run of `path` from an empty HTTP cache, signed in with `token` or not. */
async function measure(browser: Browser, ex: Exchange, path: string, token: string | null) {
  const page = await browser.newPage();
  try {
    // The origin's storage holds the session, or nothing; the cache is emptied either way.
    await page.goto(`${ex.url}/api/v1/health`);
    await page.evaluate((t) => {
      localStorage.clear();
      if (!t) return;
      localStorage.setItem('token', t);
      localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
    }, token);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's own reset would drop the session from local storage.
      disableStorageReset: true,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    };
    const result = await lighthouse(`${ex.url}${path}`, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== path) throw new Error(`${path} ended on ${finalPath}`);
    // A run Lighthouse could not finish (on a loaded machine, e.g. no paint in time) scores
    // nothing: it is reported and run again, not counted as a zero.
    const failure =
      result.lhr.runtimeError?.code ?? (result.lhr.categories.performance?.score ?? null) === null;
    if (failure) {
      console.error(
        `  ${path}: a run failed (${failure === true ? 'no score' : failure}); running it again`,
      );
      return null;
    }
    if (args.includes('--explain')) explain(result);
    if (SAVE_DIR) {
      fs.mkdirSync(SAVE_DIR, { recursive: true });
      const name = `${path.slice(1).replace(/\W/g, '_')}-${Date.now()}.json`;
      fs.writeFileSync(`${SAVE_DIR}/${name}`, JSON.stringify(result.lhr));
    }
    return runOf(result);
  } finally {
    await page.close();
  }
}

interface Variant {
  name: string;
  exchange: Exchange;
  token: string;
}

async function startVariant(name: string, webDist?: string): Promise<Variant> {
  const exchange = await startExchange({ embedded: true, ...(webDist ? { webDist } : {}) });
  const login = await exchange.call<{ access_token: string }>('POST', '/auth/login', {
    email: 'demo@exchange.local',
    password: BENCH_DEMO_PASSWORD,
  });
  return { name, exchange, token: login.data.access_token };
}

type Summary = Run & { runs: number; barMet: boolean };

function summarise(label: string, runs: Run[]): Summary {
  if (runs.length === 0) throw new Error(`no run of ${label} finished`);
  const med = Object.fromEntries(
    (Object.keys(runs[0]!) as (keyof Run)[]).map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as Run;
  const barMet = med.performance >= BAR.performance && med.accessibility >= BAR.accessibility;
  if (!args.includes('--json')) {
    console.log(
      `${label}: median of ${runs.length} runs ` +
        `(each run's performance: ${runs.map((r) => r.performance).join(', ')})`,
    );
    for (const [key, value] of Object.entries(med)) console.log(`  ${key.padEnd(14)} ${value}`);
    console.log(
      `  bar (performance >= ${BAR.performance}, accessibility ${BAR.accessibility}): ` +
        `${barMet ? 'met' : 'NOT met'}`,
    );
  }
  return { ...med, runs: runs.length, barMet };
}

async function main() {
  const variants = [await startVariant('this build')];
  if (BASELINE_DIST)
    variants.unshift(await startVariant(`baseline ${BASELINE_DIST}`, BASELINE_DIST));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    if (args.includes('--calibrate')) {
      // One warm-up run measures the host; its BenchmarkIndex sets the multiplier for the rest.
      const probe = await measure(browser, variants.at(-1)!.exchange, '/login', null);
      if (!probe) throw new Error('the calibration run did not finish');
      cpuSlowdown = calibratedSlowdown(probe.benchmarkIndex);
    }
    console.log(`CPU slowdown ${cpuSlowdown.toFixed(2)}x`);
    const results: Record<string, Summary> = {};
    for (const route of routes) {
      const runs = new Map<Variant, Run[]>(variants.map((v) => [v, []]));
      // Round by round, each variant once, so a swing in the machine's load hits them alike.
      for (let round = 0; round < 2 * RUNS; round++) {
        const wanting = variants.filter((v) => runs.get(v)!.length < RUNS);
        if (wanting.length === 0) break;
        for (const v of wanting) {
          const token = route.signedIn ? v.token : null;
          const run = await measure(browser, v.exchange, route.path, token);
          if (run) runs.get(v)!.push(run);
        }
      }
      for (const v of variants) {
        const label = `${route.path}${route.signedIn ? ' (signed in)' : ''}`;
        const key = variants.length > 1 ? `${label} [${v.name}]` : label;
        results[key] = summarise(key, runs.get(v)!);
      }
    }
    if (args.includes('--json')) console.log(JSON.stringify(results));
  } finally {
    await browser.close();
    for (const v of variants) await v.exchange.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
