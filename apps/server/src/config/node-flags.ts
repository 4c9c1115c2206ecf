/**
 * The Node/V8 flags the server runs with: `npm start` passes them (apps/server/package.json, held
 * to this list by a test) and the benchmarks start their server with them.
 *
 * A young generation of up to 64 MB a half: an order request leaves a few kilobytes of
 * short-lived objects, and with V8's default (16 MB) the collector ran several scavenges a second
 * under load, each stopping the one thread that answers requests. Interleaved `bench:trading`
 * runs (11 pairs, 128 clients): server CPU per request 63-84 µs against 72-103, p99 19-25 ms
 * against 19-31, every pair faster.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
