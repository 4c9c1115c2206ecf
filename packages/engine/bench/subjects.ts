import {
  OrderBook as BaselineBook,
  type LimitOrderOptions,
  Side as BaselineSide,
} from 'nodejs-order-book';
import { Engine, EventBuffer, type Command } from '../src/index.js';
import { SPEC } from './workload.js';

export interface Prepared {
  run(i: number): void;
  /** Orders resting in the book, where the engine can tell. */
  resting(): number | null;
}

/** One engine under test: prepares its own form of the commands, then runs them one by one. */
export interface Subject {
  name: string;
  /** Returns a function that executes operation i; preparation is not timed. */
  prepare(prefill: Command[], measured: Command[]): Prepared;
}

export const ours: Subject = {
  name: 'engine',
  prepare(prefill, measured) {
    const engine = new Engine();
    const book = engine.addBook(SPEC);
    // Events land in one reused array, as the sequencer will consume them after each command.
    const events = new EventBuffer();
    for (const c of prefill) {
      engine.execute(c, events);
      events.clear();
    }
    return {
      run(i) {
        engine.execute(measured[i] as Command, events);
        events.clear();
      },
      resting: () => book.orders.size,
    };
  },
};

type BaselineOp = (book: BaselineBook) => unknown;

/** nodejs-order-book with the same commands; its ids are strings, made before timing. */
export const baseline: Subject = {
  name: 'nodejs-order-book',
  prepare(prefill, measured) {
    const book = new BaselineBook();
    for (const op of prefill.map(translate)) op(book);
    const ops = measured.map(translate);
    return {
      run(i) {
        (ops[i] as BaselineOp)(book);
      },
      resting: () => null,
    };
  },
};

const SIDE = { buy: BaselineSide.BUY, sell: BaselineSide.SELL };

function translate(c: Command): BaselineOp {
  switch (c.type) {
    case 'limit': {
      const tif = c.tif as LimitOrderOptions['timeInForce'];
      const options = {
        id: String(c.orderId),
        side: SIDE[c.side],
        size: c.quantity,
        price: c.price,
        timeInForce: tif,
      };
      return (b) => b.limit(options);
    }
    case 'market': {
      const options = { side: SIDE[c.side], size: c.quantity as number };
      return (b) => b.market(options);
    }
    case 'cancel': {
      const id = String(c.orderId);
      return (b) => b.cancel(id);
    }
    default:
      throw new Error(`the benchmark does not generate ${c.type}`);
  }
}
