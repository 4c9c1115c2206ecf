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

  it('says what it cannot tell', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
  });

  it('keeps a bounded user agent', () => {
    expect(keptUserAgent('x'.repeat(2000))).toHaveLength(USER_AGENT_MAX);
    expect(keptUserAgent(undefined)).toBeNull();
  });
});
