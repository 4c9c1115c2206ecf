import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.js';

const familiesOf = async (metrics: Metrics) =>
  new Set([...(await metrics.render()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));

describe('Metrics', () => {
  it('labels every series with the role, and a standby that takes over becomes core', async () => {
    const metrics = new Metrics('standby');
    metrics.request('GET', '/api/v1/symbols', 200, 3);
    expect(await metrics.render()).toContain(
      'exchange_http_requests_total{method="GET",route="/api/v1/symbols",status="200",role="standby"} 1',
    );
    metrics.role = 'core';
    const text = await metrics.render();
    expect(text).toContain('role="core"');
    expect(text).not.toContain('role="standby"');
  });

  it("registers the writer's families where a core runs and the broker's in gateways only", async () => {
    const single = await familiesOf(new Metrics('single'));
    const gateway = await familiesOf(new Metrics('gateway'));
    expect(single.has('exchange_orders_total')).toBe(true);
    expect(single.has('exchange_broker_round_trip_seconds')).toBe(false);
    expect(gateway.has('exchange_orders_total')).toBe(false);
    expect(gateway.has('exchange_broker_failures_total')).toBe(true);
    expect(gateway.has('exchange_gateway_event_lag_seconds')).toBe(true);
  });

  it("counts a gateway's unanswered broker calls apart from the answered ones, and event gaps", async () => {
    const metrics = new Metrics('gateway');
    metrics.brokerCall('http', 0.004);
    metrics.brokerCall('http', null);
    metrics.brokerCall('ping', null);
    metrics.coreEvent(0.002, false);
    metrics.coreEvent(null, true);
    const text = await metrics.render();
    expect(text).toContain(
      'exchange_broker_round_trip_seconds_count{role="gateway",call="http"} 1',
    );
    expect(text).toContain('exchange_broker_failures_total{call="http",role="gateway"} 1');
    expect(text).toContain('exchange_broker_failures_total{call="ping",role="gateway"} 1');
    expect(text).toContain('exchange_gateway_event_lag_seconds_count{role="gateway"} 1');
    expect(text).toContain('exchange_gateway_event_gaps_total{role="gateway"} 1');
  });
});
