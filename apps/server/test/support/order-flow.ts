import type { DatabaseHandle } from '../../src/db/connect.js';
import { fund, listBtcUsdt } from './market.js';
import { member, type Member } from './members.js';
import { placeOrder } from './server-process.js';
import { appOnDatabase } from './test-app.js';

export interface Traders {
  makers: Member[];
  takers: Member[];
}

/**
 * BTCUSDT listed and 3 funded makers (BTC) and takers (USDT), written to `database` by an app
 * that is closed again, so that a server process can open the database next.
 */
export async function prepareTraders(
  database: DatabaseHandle,
  env: Record<string, string>,
): Promise<Traders> {
  const setup = await appOnDatabase(database, { env });
  const ids = await listBtcUsdt(setup);
  const traders: Traders = { makers: [], takers: [] };
  for (let i = 0; i < 3; i++) {
    const maker = await member(setup);
    await fund(setup, maker, ids.btc, '10');
    traders.makers.push(maker);
    const taker = await member(setup);
    await fund(setup, taker, ids.usdt, '1000000');
    traders.takers.push(taker);
  }
  await setup.app.close();
  await database.close();
  return traders;
}

/** The i-th order of a stream: buys and sells crossing around 30 000, some resting. */
export function nthOrder(traders: Traders, i: number) {
  return {
    by: i % 2 ? traders.makers[i % 3]! : traders.takers[i % 3]!,
    body: {
      trade_type: i % 2 ? ('sell' as const) : ('buy' as const),
      price: String(30000 + ((i * 7) % 21) - 10),
      volume: `0.0${1 + (i % 9)}`,
    },
  };
}

export interface Ack {
  id: string;
  /** When the order was sent and when its acknowledgement arrived (ms since the epoch). */
  sentAt: number;
  ackedAt: number;
}

/**
 * Orders streaming through the server from `workers` clients, one after another each, until
 * stopped; every acknowledgement is kept with its times.
 */
export class OrderFlow {
  readonly acks: Ack[] = [];
  #running = true;
  readonly #workers: Promise<void>[];
  #next = 0;

  constructor(port: string, traders: Traders, workers = 4) {
    this.#workers = Array.from({ length: workers }, async () => {
      while (this.#running) {
        const { by, body } = nthOrder(traders, this.#next++);
        const sentAt = Date.now();
        const order = await placeOrder(port, by, body).catch(() => null);
        if (order) this.acks.push({ id: order._id, sentAt, ackedAt: Date.now() });
        else await new Promise((r) => setTimeout(r, 20));
      }
    });
  }

  /** Resolves once `n` more orders have been acknowledged. */
  async more(n: number): Promise<void> {
    const until = this.acks.length + n;
    while (this.acks.length < until) await new Promise((r) => setTimeout(r, 10));
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#workers);
  }
}
