/**
 * `npm run bench:web [-- --json] [-- --seconds 10 --rate 200] [-- --path /market]`: the trading
 * page (or `path`: /market, the markets overview) in headless
 * Chromium while orders flow on BTCUSDT at `rate` a second (two traders crossing each other, on
 * top of the demo market maker). Over `seconds` it reports the main thread's longest task, the
 * tasks over 50 ms (from a Chromium trace) and frames per second (requestAnimationFrame).
 * Bar: no task over 50 ms; the five longest are printed. `--explain` lists what the long tasks
 * spent their time on.
 */
import { chromium, type Page } from 'playwright-core';
import { benchTraders, startExchange, startOrderFlow } from './bench-exchange';
import { explainLongTasks, mainThreadTasks } from './trace-tasks';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option('seconds', 10);
const RATE = option('rate', 200);
const WARMUP_MS = 3000;
const pathAt = args.indexOf('--path');
const PATH = pathAt >= 0 ? args[pathAt + 1]! : '/BTCUSDT';
const LONG_TASK_MS = 50;

/** Frames the page paints in the window, counted by requestAnimationFrame (a string: tsx's helpers do not exist in the page). */
const countFrames = (page: Page, ms: number) =>
  page.evaluate<number>(`new Promise((resolve) => {
    let frames = 0;
    const end = performance.now() + ${ms};
    const tick = (now) => {
      frames += 1;
      if (now < end) requestAnimationFrame(tick);
      else resolve(frames);
    };
    requestAnimationFrame(tick);
  })`);

async function main() {
  const exchange = await startExchange();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let stopFlow = async () => {};
  try {
    const traders = await benchTraders(exchange);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    let bookUpdates = 0;
    let tradeUpdates = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = payload.toString();
        if (text.includes('orderbook_update@BTCUSDT')) bookUpdates++;
        if (text.includes('trade_update@BTCUSDT')) tradeUpdates++;
      }),
    );
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
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const frames = await countFrames(page, SECONDS * 1000);
    const trace = await browser.stopTracing();
    const after = flow.counts();
    await flow.stop();
    const tasks = mainThreadTasks(trace.toString('utf8'));
    const longest = Math.max(0, ...tasks);
    const result = {
      seconds: SECONDS,
      database: exchange.database,
      ordersPerSecond: +((after.placed - before.placed) / SECONDS).toFixed(1),
      ordersFailed: after.failed - before.failed,
      firstFailure: after.firstFailure || '-',
      bookUpdatesPerSecond: +((bookUpdates - booksBefore) / SECONDS).toFixed(1),
      tradeUpdatesPerSecond: +((tradeUpdates - tradesBefore) / SECONDS).toFixed(1),
      mainThreadTasks: tasks.length,
      longestTaskMs: +longest.toFixed(1),
      tasksOver50Ms: tasks.filter((ms) => ms > LONG_TASK_MS).length,
      longestTasksMs: [...tasks]
        .sort((a, b) => b - a)
        .slice(0, 5)
        .map((ms) => +ms.toFixed(1))
        .join(', '),
      framesPerSecond: +(frames / SECONDS).toFixed(1),
    };
    const met = result.tasksOver50Ms === 0;
    if (args.includes('--explain')) {
      for (const line of explainLongTasks(trace.toString('utf8'), LONG_TASK_MS)) console.log(line);
    }
    if (args.includes('--json')) console.log(JSON.stringify({ ...result, barMet: met }));
    else {
      console.log(`${PATH}, ${SECONDS} s, orders flowing on BTCUSDT`);
      for (const [key, value] of Object.entries(result))
        console.log(`  ${key.padEnd(22)} ${value}`);
      console.log(`bar (no main-thread task over ${LONG_TASK_MS} ms): ${met ? 'met' : 'NOT met'}`);
    }
  } finally {
    await stopFlow();
    await browser.close();
    await exchange.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
