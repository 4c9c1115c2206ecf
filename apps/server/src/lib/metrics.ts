import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const BATCH_SIZES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];

/**
 * What a process is, as its every series says (`role` label): `single` (ROLE=all), `gateway`,
 * and a core of a cluster, `standby` while it waits at the writer lock and `core` once it writes.
 */
export type MetricsRole = 'single' | 'core' | 'standby' | 'gateway';

/** What a committed batch of the single writer held. */
export interface CommittedBatch {
  commands: number;
  orders: number;
  trades: number;
  /** From the start of its commit to the database's answer. */
  seconds: number;
}

/** A database pool as it stands now (`db/pool-watch.ts`). */
export interface PoolReading {
  pool: string;
  inUse: number;
  idle: number;
  waiting: number;
}

/** A gateway's calls to its core over the broker, by what they ask (`cluster/bus-metrics.ts`). */
export type BrokerCall = 'http' | 'entry' | 'socket_auth' | 'ping';

/**
 * The process's Prometheus metrics (`prom-client`), one registry per app so that tests may build
 * many apps in one process; every series carries the process's `role`. Each process serves its
 * own at GET /api/v1/ops/metrics to the operator token (modules/ops, a gateway's own route, and
 * METRICS_PORT's listener, `cluster/metrics-listener.ts`). Names start `exchange_`; Node's are
 * prefixed `exchange_` too, so one dashboard reads them all. A family is registered only in the
 * roles that feed it: the writer's in processes with a trading core, the broker's in gateways.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = this.counter(
    'exchange_http_requests_total',
    "HTTP requests this process answered, by method, route pattern and status code (a gateway's forwarded calls are route /api/*)",
    ['method', 'route', 'status'],
  );
  private readonly httpSeconds = this.histogram(
    'exchange_http_request_duration_seconds',
    'Time from a request arriving to its answer being sent, by method and route pattern',
    ['method', 'route'],
  );
  private readonly httpSeries = new Map<
    string,
    { requests: { inc(): void }; seconds: { observe(value: number): void } }
  >();
  private readonly feedMessages = this.counter(
    'exchange_feed_messages_total',
    "Realtime messages handed to this process's sockets, by channel",
    ['channel'],
  );
  private readonly entryCalls = this.counter(
    'exchange_ws_order_entry_calls_total',
    'WebSocket order-entry calls answered, by method and status (as HTTP would answer it)',
    ['method', 'status'],
  );
  private readonly entrySeconds = this.histogram(
    'exchange_ws_order_entry_seconds',
    "Time from an order-entry call's message to its answer, by method",
    ['method'],
  );
  private readonly poolWaitSeconds = this.histogram(
    'exchange_db_pool_wait_seconds',
    'Time a query waited for a connection of the database pool, by pool',
    ['pool'],
  );
  private readonly writer: ReturnType<Metrics['writerFamilies']> | null;
  private readonly broker: ReturnType<Metrics['gatewayFamilies']> | null;
  private current: MetricsRole;

  constructor(role: MetricsRole) {
    this.current = role;
    this.registry.setDefaultLabels({ role });
    this.writer = role === 'gateway' ? null : this.writerFamilies();
    this.broker = role === 'gateway' ? this.gatewayFamilies() : null;
    collectDefaultMetrics({ register: this.registry, prefix: 'exchange_' });
  }

  get role(): MetricsRole {
    return this.current;
  }

  /** A standby that took over is the core from now on: its series say so. */
  set role(role: MetricsRole) {
    this.current = role;
    this.registry.setDefaultLabels({ role });
  }

  /** Whether this process runs a trading core (it may write): all but a gateway. */
  get hasCore(): boolean {
    return this.current !== 'gateway';
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
    if (!this.writer) return;
    this.writer.batchCommands.observe(batch.commands);
    this.writer.commitSeconds.observe(batch.seconds);
    if (batch.orders > 0) this.writer.orders.inc(batch.orders);
    if (batch.trades > 0) this.writer.trades.inc(batch.trades);
  }

  /** A gateway's call over the broker: answered after `seconds`, or not answered (null). */
  brokerCall(call: BrokerCall, seconds: number | null): void {
    if (!this.broker) return;
    if (seconds === null) this.broker.failures.inc({ call });
    else this.broker.roundTrip.observe({ call }, seconds);
  }

  /** A core event reached this gateway `seconds` after the core published it; `gap`: some were missed. */
  coreEvent(seconds: number | null, gap: boolean): void {
    if (!this.broker) return;
    if (seconds !== null) this.broker.eventLag.observe(Math.max(0, seconds));
    if (gap) this.broker.eventGaps.inc();
  }

  /** An order-entry call answered (`status` as HTTP would have answered it). */
  entryCall(method: string, status: number, seconds: number): void {
    this.entryCalls.inc({ method, status });
    this.entrySeconds.observe({ method }, seconds);
  }

  /** The database pools, read at each scrape, and each wait for a connection. */
  databasePools(read: () => PoolReading[]): (pool: string, seconds: number) => void {
    const gauge = (name: string, help: string, value: (p: PoolReading) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [this.registry],
        collect() {
          for (const p of read()) this.set({ pool: p.pool }, value(p));
        },
      });
    gauge(
      'exchange_db_pool_in_use',
      'Connections of the pool running a query or transaction',
      (p) => p.inUse,
    );
    gauge('exchange_db_pool_idle', 'Connections of the pool open and free', (p) => p.idle);
    gauge(
      'exchange_db_pool_waiting',
      'Queries waiting for a connection of the pool',
      (p) => p.waiting,
    );
    return (pool, seconds) => this.poolWaitSeconds.observe({ pool }, seconds);
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

  private counter<L extends string>(name: string, help: string, labelNames: L[] = []) {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(
    name: string,
    help: string,
    labelNames: L[] = [],
    buckets = SECONDS,
  ) {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  private writerFamilies() {
    return {
      batchCommands: this.histogram(
        'exchange_sequencer_batch_commands',
        'Commands in each batch the single writer committed',
        [],
        BATCH_SIZES,
      ),
      commitSeconds: this.histogram(
        'exchange_sequencer_commit_seconds',
        "Time a batch's database transaction took to commit",
      ),
      orders: this.counter(
        'exchange_orders_total',
        'Orders accepted by the trading core (committed)',
      ),
      trades: this.counter(
        'exchange_trades_total',
        'Trades made by the matching engine (committed)',
      ),
    };
  }

  private gatewayFamilies() {
    return {
      roundTrip: this.histogram(
        'exchange_broker_round_trip_seconds',
        "A gateway's request to the core over the broker and the core's answer, by call",
        ['call'],
      ),
      failures: this.counter(
        'exchange_broker_failures_total',
        "A gateway's requests to the core that got no answer in time (or were refused), by call",
        ['call'],
      ),
      eventLag: this.histogram(
        'exchange_gateway_event_lag_seconds',
        "Time from the core publishing an event to this gateway receiving it (the hosts' clocks)",
      ),
      eventGaps: this.counter(
        'exchange_gateway_event_gaps_total',
        "Gaps in the core's numbered events seen by this gateway (events missed)",
      ),
    };
  }
}
