import type { BrokerCall, Metrics } from '../lib/metrics.js';
import type { BusRequester, Subjects } from './bus.js';

/**
 * A gateway's requester whose every call to the core is timed by what it asks (an HTTP call,
 * an order-entry call, a socket's sign-in, the ping): its round trip when answered, a failure
 * when not answered in time or refused (`exchange_broker_*`), so a core outage shows as failures,
 * not merely as fewer samples.
 */
export function timedBus(bus: BusRequester, subjects: Subjects, metrics: Metrics): BusRequester {
  const calls = new Map<string, BrokerCall>([
    [subjects.http, 'http'],
    [subjects.entry, 'entry'],
    [subjects.socketAuth, 'socket_auth'],
    [subjects.ping, 'ping'],
  ]);
  return {
    async request<T>(subject: string, value: unknown, timeout: number): Promise<T> {
      const call = calls.get(subject);
      const started = performance.now();
      try {
        const answer = await bus.request<T>(subject, value, timeout);
        if (call) metrics.brokerCall(call, (performance.now() - started) / 1000);
        return answer;
      } catch (err) {
        if (call) metrics.brokerCall(call, null);
        throw err;
      }
    },
  };
}
