import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  apiStreamName,
  isApiStreamName,
  Outbox,
  StreamConnection,
  StreamFrames,
  StreamHub,
  textFrame,
} from './binance-stream-hub.js';

describe('the Binance streams’ frames', () => {
  it('frames text with the 7-bit, 16-bit and 64-bit lengths of RFC 6455', () => {
    for (const [size, header] of [
      [125, [0x81, 125]],
      [126, [0x81, 126, 0, 126]],
      [70_000, [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]],
    ] as const) {
      const frame = textFrame([Buffer.alloc(size - 1, 'a'), Buffer.from('b')]);
      expect([...frame.subarray(0, header.length)]).toEqual(header);
      expect(frame.length).toBe(header.length + size);
      expect(frame.subarray(header.length).toString()).toBe(`${'a'.repeat(size - 1)}b`);
    }
  });

  it('wraps a combined stream’s event as {stream, data}', () => {
    const frames = new StreamFrames('btcusdt@trade', { e: 'trade', p: '1' });
    expect(frames.raw().subarray(2).toString()).toBe('{"e":"trade","p":"1"}');
    expect(JSON.parse(frames.combined().subarray(2).toString())).toEqual({
      stream: 'btcusdt@trade',
      data: { e: 'trade', p: '1' },
    });
  });

  it('wraps a WebSocket API subscription’s event as {subscriptionId, event}', () => {
    const frames = new StreamFrames(apiStreamName(7), { e: 'executionReport' });
    expect(JSON.parse(frames.frame('api').subarray(2).toString())).toEqual({
      subscriptionId: 7,
      event: { e: 'executionReport' },
    });
    expect(isApiStreamName(apiStreamName(0))).toBe(true);
    expect(isApiStreamName('btcusdt@trade')).toBe(false);
  });
});

describe('the Binance streams’ outbox', () => {
  it('writes the frames a connection gets in one run together, once the run ends, joined once for all', async () => {
    const writes: Buffer[] = [];
    const ws = { readyState: 1, OPEN: 1, bufferedAmount: 0 } as unknown as WebSocket;
    const tcp = {
      writableLength: 0,
      write: (b: Buffer) => void writes.push(b),
    } as unknown as Socket;
    const hub = new StreamHub();
    const outbox = new Outbox();
    for (const c of [1, 2].map(() => new StreamConnection(ws, tcp, 'raw', outbox))) {
      hub.subscribe(c, 'btcusdt@trade');
      hub.subscribe(c, 'btcusdt@depth@100ms');
    }
    hub.publish('btcusdt@trade', () => ({ e: 'trade' }));
    hub.publish('btcusdt@depth@100ms', () => ({ e: 'depthUpdate' }));
    hub.publish('btcusdt@kline_1m', () => ({ e: 'kline' }));
    expect(writes).toEqual([]);
    await new Promise(process.nextTick);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(writes[0]);
    const trade = new StreamFrames('btcusdt@trade', { e: 'trade' }).raw();
    const depth = new StreamFrames('btcusdt@depth@100ms', { e: 'depthUpdate' }).raw();
    expect(writes[0]).toEqual(Buffer.concat([trade, depth]));
  });
});
