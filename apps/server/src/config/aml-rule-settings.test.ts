import { describe, expect, it } from 'vitest';
import {
  PASS_THROUGH_DEFAULTS,
  STRUCTURING_DEFAULTS,
  VOLUME_SPIKE_DEFAULTS,
  amlRuleSettings,
} from './aml-rule-settings.js';

describe('amlRuleSettings', () => {
  it('is the rules’ own defaults when nothing is set', () => {
    const s = amlRuleSettings({});
    expect(s.passThrough).toEqual(PASS_THROUGH_DEFAULTS);
    expect(s.structuring).toEqual(STRUCTURING_DEFAULTS);
    expect(s.volumeSpike).toEqual(VOLUME_SPIKE_DEFAULTS);
    expect(s.sharedDevice).toEqual({ maxAccounts: 5, windowDays: 30 });
    expect(s.sharedAddress).toEqual({ maxAccounts: 3 });
  });

  it('reads each kind of setting: rupees as paise, percentages, counts', () => {
    const s = amlRuleSettings({
      AML_PASS_THROUGH_MIN_DEPOSITS_INR: '25000.50',
      AML_PASS_THROUGH_MAX_TRADED_PERCENT: '0',
      AML_STRUCTURING_MIN_COUNT: ' 4 ',
      AML_VOLUME_SPIKE_MULTIPLE: '5',
    });
    expect(s.passThrough).toMatchObject({ minDeposits: 25_000_50n, maxTradedPercent: 0n });
    expect(s.structuring.minCount).toBe(4);
    expect(s.volumeSpike.multiple).toBe(5n);
  });

  it('refuses a bad value with its name and what it must be', () => {
    const bad = (env: NodeJS.ProcessEnv) => () => amlRuleSettings(env);
    expect(bad({ AML_SHARED_DEVICE_ACCOUNTS: '0' })).toThrow(
      'AML_SHARED_DEVICE_ACCOUNTS must be a whole number from 1, not "0"',
    );
    expect(bad({ AML_PASS_THROUGH_WINDOW_HOURS: '1.5' })).toThrow(/WINDOW_HOURS must be a whole/);
    expect(bad({ AML_STRUCTURING_MARGIN_PERCENT: '101' })).toThrow(
      'AML_STRUCTURING_MARGIN_PERCENT must be a whole percentage from 0 to 100, not "101"',
    );
    expect(bad({ AML_STRUCTURING_THRESHOLD_INR: '10,00,000' })).toThrow(
      /AML_STRUCTURING_THRESHOLD_INR must be an amount of rupees above 0/,
    );
    expect(bad({ AML_VOLUME_SPIKE_MIN_INR: '0' })).toThrow(/above 0/);
    expect(bad({ AML_PASS_THROUGH_MIN_DEPOSITS_INR: '1.234' })).toThrow(/rupees/);
  });
});
