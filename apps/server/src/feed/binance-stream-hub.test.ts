import { describe, expect, it } from 'vitest';
import { StreamFrames, textFrame } from './binance-stream-hub.js';

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
});
