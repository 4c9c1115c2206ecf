/**
 * `npm run bench:stops`: the single writer under a stop flood (review N4-H3), measured in memory.
 *
 * 100,000 sell stop-limit orders rest on BTCUSDT, 5 for each of 20,000 users (the per-user cap),
 * at 1,000 stop prices; a bid rests that absorbs every one of them once triggered, so each trigger
 * is a real trade with its settlement. One trade then crosses all 100,000. Meanwhile another user
 * keeps placing orders on the pair, one after another, as the review's DOGEUSDT probe did.
 * Then a user with 200 open orders (the cap) cancels them all.
 *
 * Printed: the longest single command, the longest run of a batch (what the writer does without
 * yielding), the event loop's longest stall, the other user's worst wait for the writer, the
 * commands it took and the time until every stop entered the book. The database is replaced by
 * a commit that only yields (`setImmediate`): what is measured is the writer itself, which is
 * what stalled.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pino from 'pino';
import { CoreState } from '../src/core/core-state.js';
import { Sequencer } from '../src/core/sequencer.js';
import type { Token } from '../src/core/tokens.js';
import { TRIGGERS_PER_COMMAND } from '../src/core/trading/execution.js';
import { toPair } from '../src/core/trading/pairs.js';
import { UnitOfWork } from '../src/core/unit-of-work.js';
import { cancelChunk } from '../src/modules/orders/cancelling.js';
import { placeOrder, type PlaceOrderInput } from '../src/modules/orders/commands.js';

const USERS = Number(process.env.STOPS_BENCH_USERS ?? 20_000);
const STOPS_PER_USER = 5;
const STOPS = USERS * STOPS_PER_USER;

const token = (id: string, shortName: string): Token => ({
  id,
  name: shortName,
  shortName,
  decimals: 8,
  networks: [],
});
const btc = token('btc', 'BTC');
const usdt = token('usdt', 'USDT');
const pair = toPair(
  {
    id: 'btcusdt',
    tick_size: '0.01',
    lot_size: '0.00001',
    min_notional: '5',
    maker_fee: '0.001',
    taker_fee: '0.001',
    status: 'trading',
    symbol_origin: 'local',
  },
  btc,
  usdt,
);

const state = new CoreState();
state.trading.addPair(pair);
const sequencer = new Sequencer(state, {
  // A commit that takes a turn of the event loop, as a database's answer would.
  persist: () => new Promise<void>((resolve) => setImmediate(resolve)),
  log: pino({ level: 'silent' }),
  now: () => new Date(),
});

// Every command's and every batch run's time, by wrapping the writer's own boundaries.
let longestCommand = 0;
/** The same in CPU time (user + system): on a loaded machine, wall time counts others' turns. */
let longestCommandCpu = 0;
let commands = 0;
let commandStarted = 0;
let cpuStarted = process.cpuUsage();
const begin = UnitOfWork.prototype.beginCommand;
const end = UnitOfWork.prototype.endCommand;
UnitOfWork.prototype.beginCommand = function (this: UnitOfWork) {
  commandStarted = performance.now();
  cpuStarted = process.cpuUsage();
  commands++;
  return begin.call(this);
};
UnitOfWork.prototype.endCommand = function (this: UnitOfWork) {
  longestCommand = Math.max(longestCommand, performance.now() - commandStarted);
  const cpu = process.cpuUsage(cpuStarted);
  longestCommandCpu = Math.max(longestCommandCpu, (cpu.user + cpu.system) / 1000);
  end.call(this);
};
let longestBatchRun = 0;
const writer = Sequencer.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
const runQueued = writer.runQueued as (...args: unknown[]) => unknown;
writer.runQueued = function (this: unknown, ...args: unknown[]) {
  const started = performance.now();
  const batch = runQueued.apply(this, args);
  longestBatchRun = Math.max(longestBatchRun, performance.now() - started);
  return batch;
};
const resetFigures = () => {
  longestCommand = 0;
  longestCommandCpu = 0;
  longestBatchRun = 0;
  commands = 0;
};

/** Credits a user's spot wallet from the deposits account (what a confirmed deposit does). */
const credit = (userId: string, t: Token, amount: bigint) =>
  sequencer.submit((s, work) => {
    work.post('deposit', `bench:${userId}`, [
      { account: s.accounts.system('deposits', t.id), bucket: 'available', amount: -amount },
      { account: s.accounts.user(userId, t.id, 'spot'), bucket: 'available', amount },
    ]);
  });

const limit = (userId: string, side: 'buy' | 'sell', price: number, lots: number) =>
  placeOrder({ userId, pair, side, type: 'limit', priceTicks: price * 100, lots });

const ONE = 10n ** 18n;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function main() {
  console.log(`stops bench: ${STOPS.toLocaleString()} stops of ${USERS.toLocaleString()} users`);
  const users = Array.from({ length: USERS }, (_, i) => `user-${i}`);
  await Promise.all(users.map((u) => credit(u, btc, ONE)));
  for (const u of ['maker', 'taker', 'bidder', 'other', 'canceller']) {
    await credit(u, btc, 1_000n * ONE);
    await credit(u, usdt, 100_000_000n * ONE);
  }
  // A last price of 30,000.
  await sequencer.submit(limit('maker', 'sell', 30_000, 100));
  await sequencer.submit(limit('taker', 'buy', 30_000, 100));
  // The stops: sell 0.001 BTC each, stops 29,999 down to 29,000, limit 28,000.
  const placing: Promise<unknown>[] = [];
  for (let i = 0; i < STOPS; i++) {
    const input: PlaceOrderInput = {
      userId: users[i % USERS] as string,
      pair,
      side: 'sell',
      type: 'limit',
      priceTicks: 2_800_000,
      stopTicks: (29_999 - (i % 1_000)) * 100,
      lots: 100,
    };
    placing.push(sequencer.submit(placeOrder(input)));
  }
  await Promise.all(placing);
  const stops = state.trading.stopsOf('BTCUSDT');
  console.log(`resting stops: ${stops.size.toLocaleString()}`);
  // A bid that takes every triggered stop at 28,000 (100 BTC, and the crossing trade's 0.001).
  await sequencer.submit(limit('bidder', 'buy', 28_000, STOPS * 100 + 100));
  await sequencer.idle();

  // The crossing trade, while another user places an order after each answer of the writer.
  resetFigures();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let otherOrders = 0;
  let otherWorst = 0;
  let crossing = true;
  const other = (async () => {
    while (crossing) {
      const submitted = performance.now();
      let ran = 0;
      // IOC: it never rests, so the user's open-order cap never refuses it.
      const order = placeOrder({
        userId: 'other',
        pair,
        side: 'buy',
        type: 'limit',
        priceTicks: 2_000_000,
        lots: 100,
        timeInForce: 'IOC',
      });
      await sequencer.submit((s, w) => {
        ran = performance.now();
        return order(s, w);
      });
      otherWorst = Math.max(otherWorst, ran - submitted);
      otherOrders++;
    }
  })();
  const started = performance.now();
  let crossingCommand = 0;
  await sequencer.submit((s, w) => {
    const t0 = performance.now();
    const answer = limit('maker', 'sell', 28_000, 100)(s, w);
    crossingCommand = performance.now() - t0;
    return answer;
  });
  const firstAnswer = performance.now() - started;
  const untriggeredAfterFirst = stops.size;
  while (stops.size > 0) await new Promise((resolve) => setImmediate(resolve));
  const allTriggered = performance.now() - started;
  crossing = false;
  await other;
  await sequencer.idle();
  loop.disable();
  console.log('\none trade crosses every stop:');
  console.log(
    `  the crossing command (its trade and the first ${TRIGGERS_PER_COMMAND} triggers): ${ms(crossingCommand)}, answered after ${ms(firstAnswer)}`,
  );
  console.log(`  stops still due after it: ${untriggeredAfterFirst.toLocaleString()}`);
  console.log(`  all ${STOPS.toLocaleString()} triggered (and traded) after: ${ms(allTriggered)}`);
  console.log(
    `  commands run: ${commands.toLocaleString()} (${otherOrders} of the other user's orders among them)`,
  );
  console.log(`  longest single command: ${ms(longestCommand)} (CPU ${ms(longestCommandCpu)})`);
  console.log(`  longest batch run without yielding: ${ms(longestBatchRun)}`);
  console.log(`  event loop's longest stall: ${ms(loop.max / 1e6)}`);
  console.log(`  the other user's worst wait for the writer: ${ms(otherWorst)}`);

  // Cancel-all of 200 open orders (the per-pair cap), in chunks.
  for (let i = 0; i < 200; i++) await sequencer.submit(limit('canceller', 'buy', 10_000 + i, 100));
  resetFigures();
  const cancelStarted = performance.now();
  let chunk = await sequencer.submit(cancelChunk({ userId: 'canceller', pair }));
  let cancelled = chunk.cancelled.length;
  let chunks = 1;
  while (chunk.rest.length > 0) {
    chunk = await sequencer.submit(cancelChunk({ userId: 'canceller', pair, ids: chunk.rest }));
    cancelled += chunk.cancelled.length;
    chunks++;
  }
  console.log('\ncancel-all of 200 open orders:');
  console.log(
    `  ${cancelled} cancelled in ${chunks} commands after ${ms(performance.now() - cancelStarted)}; longest command ${ms(longestCommand)} (CPU ${ms(longestCommandCpu)})`,
  );
}

await main();
