import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const BATCH_SIZES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];

/** What a committed batch of the single writer held. */
export interface CommittedBatch {
  commands: number;
  orders: number;
  trades: number;
  /** From the start of its commit to the database's answer. */
  seconds: number;
}

/**
 * The process's Prometheus metrics (`prom-client`), one registry per app so that tests may build
 * many apps in one process. Served at GET /api/v1/ops/metrics to the operator token (modules/ops):
 * HTTP rate and latency by route and status, the writer's batches (size, commit time, queue),
 * orders and trades, the feed's sockets and messages, and Node's own (event-loop lag, heap, GC).
 * Names start `exchange_`; Node's are prefixed `exchange_` too, so one dashboard reads them all.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'exchange_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpSeconds = new Histogram({
    name: 'exchange_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly httpSeries = new Map<
    string,
    { requests: { inc(): void }; seconds: { observe(value: number): void } }
  >();
  private readonly batchCommands = new Histogram({
    name: 'exchange_sequencer_batch_commands',
    help: 'Commands in each batch the single writer committed',
    buckets: BATCH_SIZES,
    registers: [this.registry],
  });
  private readonly commitSeconds = new Histogram({
    name: 'exchange_sequencer_commit_seconds',
    help: "Time a batch's database transaction took to commit",
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly orders = new Counter({
    name: 'exchange_orders_total',
    help: 'Orders accepted by the trading core (committed)',
    registers: [this.registry],
  });
  private readonly trades = new Counter({
    name: 'exchange_trades_total',
    help: 'Trades made by the matching engine (committed)',
    registers: [this.registry],
  });
  private readonly feedMessages = new Counter({
    name: 'exchange_feed_messages_total',
    help: "Realtime messages handed to this process's sockets, by channel",
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  private readonly brokerSeconds = new Histogram({
    name: 'exchange_broker_round_trip_seconds',
    help: "A gateway's request to the core over the broker and the core's answer (cluster/)",
    buckets: SECONDS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'exchange_' });
  }

  /** An answered HTTP request; `route` is the route's pattern (bounded), never the raw URL. */
  request(method: string, route: string, status: number, milliseconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      // Bound once per route and status: prom-client hashes the label values on each unbound call.
      series = {
        requests: this.httpRequests.labels({ method, route, status }),
        seconds: this.httpSeconds.labels({ method, route }),
      };
      this.httpSeries.set(key, series);
    }
    series.requests.inc();
    series.seconds.observe(milliseconds / 1000);
  }

  batchCommitted(batch: CommittedBatch): void {
    this.batchCommands.observe(batch.commands);
    this.commitSeconds.observe(batch.seconds);
    if (batch.orders > 0) this.orders.inc(batch.orders);
    if (batch.trades > 0) this.trades.inc(batch.trades);
  }

  brokerRoundTrip(seconds: number): void {
    this.brokerSeconds.observe(seconds);
  }

  /** `count` messages of one channel handed to sockets (one per receiving socket). */
  feedSent(channel: string, count: number): void {
    if (count > 0) this.feedMessages.inc({ channel }, count);
  }

  /** A gauge read when Prometheus scrapes (queue depth, sockets connected, ...). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** The text exposition format Prometheus scrapes. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
