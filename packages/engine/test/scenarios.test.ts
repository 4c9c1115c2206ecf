import { describe, expect, it } from 'vitest';
import { type Command, Engine, type EngineEvent, validateBook } from '../src/index.js';
import {
  buy,
  cancel,
  doneOf,
  market,
  reduce,
  rejectionsOf,
  sell,
  SYMBOL,
  tradesOf,
} from './commands.js';

interface Scenario {
  name: string;
  setup?: Command[];
  then: Command[];
  trades?: string[];
  done?: string[];
  rejected?: string[];
  bids?: [number, number][];
  asks?: [number, number][];
}

// Accounts: 1 and 2 are makers, 3 takes. Orders 1x rest before the command under test.
const book = [
  sell(11, 1, 101, 5),
  sell(12, 2, 101, 3),
  sell(13, 1, 103, 4),
  buy(14, 2, 99, 6),
  buy(15, 1, 98, 2),
];

const scenarios: Scenario[] = [
  {
    name: 'a passive buy rests',
    then: [buy(1, 3, 100, 2)],
    bids: [
      [100, 2],
      [99, 6],
      [98, 2],
    ],
    done: [],
  },
  {
    name: 'a crossing buy trades at the maker price, oldest order first',
    then: [buy(1, 3, 102, 6)],
    trades: ['11>1 101x5', '12>1 101x1'],
    done: ['11 filled 0', '1 filled 0'],
    asks: [
      [101, 2],
      [103, 4],
    ],
  },
  {
    name: 'a buy sweeps levels and rests its remainder at its own price',
    then: [buy(1, 3, 103, 14)],
    trades: ['11>1 101x5', '12>1 101x3', '13>1 103x4'],
    bids: [
      [103, 2],
      [99, 6],
      [98, 2],
    ],
    asks: [],
  },
  {
    name: 'a sell sweeps bids from the highest',
    then: [sell(1, 3, 98, 7)],
    trades: ['14>1 99x6', '15>1 98x1'],
    bids: [[98, 1]],
  },
  {
    name: 'IOC cancels what it could not fill',
    then: [buy(1, 3, 101, 10, 'IOC')],
    trades: ['11>1 101x5', '12>1 101x3'],
    done: ['11 filled 0', '12 filled 0', '1 unfilled 2'],
    asks: [[103, 4]],
  },
  {
    name: 'FOK that cannot fill completely is rejected and changes nothing',
    then: [buy(1, 3, 101, 9, 'FOK')],
    rejected: ['1 FOK_NOT_FILLABLE'],
    trades: [],
    asks: [
      [101, 8],
      [103, 4],
    ],
  },
  {
    name: 'FOK that can fill does',
    then: [buy(1, 3, 103, 12, 'FOK')],
    trades: ['11>1 101x5', '12>1 101x3', '13>1 103x4'],
  },
  {
    name: 'post-only that would cross is rejected',
    then: [buy(1, 3, 101, 1, 'POST_ONLY')],
    rejected: ['1 POST_ONLY_WOULD_CROSS'],
  },
  {
    name: 'post-only that does not cross rests',
    then: [sell(1, 3, 100, 1, 'POST_ONLY')],
    asks: [
      [100, 1],
      [101, 8],
      [103, 4],
    ],
  },
  {
    name: 'a market buy by quantity takes the best asks',
    then: [market('buy', 1, 3, { quantity: 9 })],
    trades: ['11>1 101x5', '12>1 101x3', '13>1 103x1'],
    done: ['11 filled 0', '12 filled 0', '1 filled 0'],
  },
  {
    name: 'a market sell larger than the book cancels the rest',
    then: [market('sell', 1, 3, { quantity: 10 })],
    trades: ['14>1 99x6', '15>1 98x2'],
    done: ['14 filled 0', '15 filled 0', '1 unfilled 2'],
    bids: [],
  },
  {
    name: 'a market buy by quote amount spends its budget and stops short of the next lot',
    // 5 × 101 + 3 × 101 = 808; the remaining 300 buys 2 lots at 103 (206) and 94 cannot buy a third.
    then: [market('buy', 1, 3, { quoteAmount: 1108 })],
    trades: ['11>1 101x5', '12>1 101x3', '13>1 103x2'],
    done: ['11 filled 0', '12 filled 0', '1 filled 0'],
    asks: [[103, 2]],
  },
  {
    name: "a quote budget spent inside one maker reaches no deeper order, not even the taker's own",
    // 700 buys 5 at 101 from order 11 (505) and 1 of order 12's 3 (101); the 94 left buys nothing.
    // Account 2's own ask 13 at 103 is never reached, so self-trade prevention leaves it alone.
    setup: [sell(11, 1, 101, 5), sell(12, 1, 101, 3), sell(13, 2, 103, 4)],
    then: [market('buy', 1, 2, { quoteAmount: 700 })],
    trades: ['11>1 101x5', '12>1 101x1'],
    done: ['11 filled 0', '1 filled 0'],
    asks: [
      [101, 2],
      [103, 4],
    ],
  },
  {
    name: "a quote budget spent inside one maker leaves the taker's own order behind it at that price",
    // 101 buys 1 of order 11's 2; order 12 at the same price is the taker's own and is not reached.
    setup: [sell(11, 1, 101, 2), sell(12, 2, 101, 1)],
    then: [market('buy', 1, 2, { quoteAmount: 101 })],
    trades: ['11>1 101x1'],
    done: ['1 filled 0'],
    asks: [[101, 2]],
  },
  {
    name: 'a protect price stops a market order',
    then: [market('buy', 1, 3, { quantity: 12, protectPrice: 102 })],
    trades: ['11>1 101x5', '12>1 101x3'],
    done: ['11 filled 0', '12 filled 0', '1 unfilled 4'],
  },
  {
    name: 'a market order on an empty side is cancelled',
    setup: [],
    then: [market('buy', 1, 3, { quantity: 1 })],
    done: ['1 unfilled 1'],
  },
  {
    name: 'cancel takes the order off',
    then: [cancel(11)],
    done: ['11 user 5'],
    asks: [
      [101, 3],
      [103, 4],
    ],
  },
  {
    name: 'cancel of an unknown order is rejected',
    then: [cancel(77)],
    rejected: ['77 UNKNOWN_ORDER'],
  },
  {
    name: 'reduce keeps queue priority',
    then: [reduce(11, 1), buy(1, 3, 101, 2)],
    trades: ['11>1 101x1', '12>1 101x1'],
    asks: [
      [101, 2],
      [103, 4],
    ],
  },
  {
    name: 'reduce cannot raise or zero a quantity',
    then: [reduce(11, 5), reduce(11, 0)],
    rejected: ['11 INVALID_QUANTITY', '11 INVALID_QUANTITY'],
  },
  {
    name: 'self-trade prevention cancels the resting order and the taker goes on',
    then: [buy(1, 1, 101, 4)],
    trades: ['12>1 101x3'],
    done: ['11 self-trade 5', '12 filled 0'],
    bids: [
      [101, 1],
      [99, 6],
      [98, 2],
    ],
    asks: [[103, 4]],
  },
  {
    name: 'FOK does not count its own account orders as liquidity',
    then: [buy(1, 1, 101, 4, 'FOK')],
    rejected: ['1 FOK_NOT_FILLABLE'],
  },
  {
    name: 'invalid prices, quantities and ids are rejected',
    then: [
      buy(1, 3, 0, 1),
      buy(2, 3, 100.5, 1),
      buy(3, 3, 100, -1),
      buy(4, 3, 100, 2 ** 30),
      buy(11, 3, 50, 1),
      market('buy', 5, 3, {}),
      market('sell', 6, 3, { quoteAmount: 10 }),
    ],
    rejected: [
      '1 INVALID_PRICE',
      '2 INVALID_PRICE',
      '3 INVALID_QUANTITY',
      '4 INVALID_QUANTITY',
      '11 DUPLICATE_ORDER_ID',
      '5 INVALID_ORDER',
      '6 INVALID_ORDER',
    ],
  },
  {
    name: 'a halted book refuses orders but allows cancels, until resumed',
    then: [
      { type: 'halt', symbol: SYMBOL },
      buy(1, 3, 100, 1),
      cancel(14),
      { type: 'resume', symbol: SYMBOL },
      buy(2, 3, 100, 1),
    ],
    rejected: ['1 BOOK_HALTED'],
    done: ['14 user 6'],
    bids: [
      [100, 1],
      [98, 2],
    ],
  },
  {
    name: 'an unknown symbol is rejected',
    then: [{ ...buy(1, 3, 100, 1), symbol: 'NOPEUSDT' }],
    rejected: ['1 UNKNOWN_BOOK'],
  },
];

function run(scenario: Scenario): { engine: Engine; events: EngineEvent[] } {
  const engine = new Engine();
  engine.addBook({ symbol: SYMBOL, tickSize: '0.01', lotSize: '0.001', maxQuantity: 2 ** 20 });
  for (const command of scenario.setup ?? book) engine.execute(command, []);
  const events: EngineEvent[] = [];
  for (const command of scenario.then) engine.execute(command, events);
  return { engine, events };
}

describe('order book scenarios', () => {
  it.each(scenarios)('$name', (scenario) => {
    const { engine, events } = run(scenario);
    if (scenario.trades) expect(tradesOf(events)).toEqual(scenario.trades);
    if (scenario.done) expect(doneOf(events)).toEqual(scenario.done);
    expect(rejectionsOf(events)).toEqual(scenario.rejected ?? []);
    const depth = engine.depth(SYMBOL, 50);
    if (scenario.bids) expect(depth?.bids).toEqual(scenario.bids);
    if (scenario.asks) expect(depth?.asks).toEqual(scenario.asks);
    expect(validateBook(engine.book(SYMBOL)!)).toEqual([]);
  });
});
