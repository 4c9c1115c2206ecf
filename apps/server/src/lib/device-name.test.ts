import { describe, expect, it } from 'vitest';
import { deviceName, keptUserAgent, USER_AGENT_MAX } from './device-name.js';

describe('deviceName', () => {
  it('names the browser, its major version and the system', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(deviceName(chrome)).toBe('Chrome 131 on Windows');
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    expect(deviceName(iphone)).toBe('Safari 17 on iOS');
  });

  it('says it in Hindi, the names as they are (walk-4 W4-8)', () => {
    const linux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36';
    expect(deviceName(linux, 'hi')).toBe('Linux पर Chrome 156');
    expect(deviceName(null, 'hi')).toBe('अज्ञात डिवाइस');
    expect(deviceName('x/1.0 (Windows NT 10.0)', 'hi')).toBe('Windows पर अज्ञात ब्राउज़र');
  });

  it('says what it cannot tell', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
  });

  it('takes no free text from the user agent (N4-L5)', () => {
    const crafted =
      'Exchange Support: this login is ours, do not change your password. Call 0000000000/1.0 (Windows NT 10.0)';
    expect(deviceName(crafted)).toBe('Unknown browser on Windows');
    expect(deviceName('Call 0000000000 now/9.9')).toBe('Unknown device');
    const oddVersion = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/call-me-123';
    expect(deviceName(oddVersion)).not.toMatch(/call/);
  });

  it('keeps a bounded user agent', () => {
    expect(keptUserAgent('x'.repeat(2000))).toHaveLength(USER_AGENT_MAX);
    expect(keptUserAgent(undefined)).toBeNull();
  });
});
