export interface PassThroughSettings {
  /** How far back from a withdrawal deposits count. */
  windowHours: number;
  /** Deposits in the window below this (paise) are too small to matter. */
  minDeposits: bigint;
  /** The withdrawal is at least this share of the deposits, in percent. */
  minWithdrawnPercent: bigint;
  /** Trading in the window below this share of the deposits, in percent, is "little". */
  maxTradedPercent: bigint;
}

export const PASS_THROUGH_DEFAULTS: PassThroughSettings = {
  windowHours: 24,
  minDeposits: 50_000_00n,
  minWithdrawnPercent: 80n,
  maxTradedPercent: 20n,
};

export interface SharedAddressSettings {
  /** Distinct accounts withdrawing to one address that fire the rule. */
  maxAccounts: number;
}

export const SHARED_ADDRESS_DEFAULTS: SharedAddressSettings = { maxAccounts: 3 };

export interface SharedDeviceSettings {
  /** Distinct accounts signing in from one IP address or device that fire the rule. */
  maxAccounts: number;
  windowDays: number;
}

export const SHARED_DEVICE_DEFAULTS: SharedDeviceSettings = { maxAccounts: 5, windowDays: 30 };

export interface StructuringSettings {
  /** The reporting threshold deposits stay under (paise): ₹10 lakh, the cash-report line. */
  threshold: bigint;
  /** "Just under": within this percent below the threshold. */
  marginPercent: bigint;
  /** How many such deposits in the window fire the rule. */
  minCount: number;
  windowDays: number;
}

export const STRUCTURING_DEFAULTS: StructuringSettings = {
  threshold: 10_00_000_00n,
  marginPercent: 10n,
  minCount: 3,
  windowDays: 7,
};

export interface VolumeSpikeSettings {
  /** Today's traded value against the daily average of the history, as a multiple. */
  multiple: bigint;
  /** Days of history the average is over. */
  historyDays: number;
  /** A day below this (paise) never fires, however quiet the history. */
  minValue: bigint;
}

export const VOLUME_SPIKE_DEFAULTS: VolumeSpikeSettings = {
  multiple: 10n,
  historyDays: 30,
  minValue: 5_00_000_00n,
};

/** Every AML rule's thresholds (issue 52): the rules' own defaults unless the environment says. */
export interface AmlRuleSettings {
  passThrough: PassThroughSettings;
  structuring: StructuringSettings;
  sharedAddress: SharedAddressSettings;
  sharedDevice: SharedDeviceSettings;
  volumeSpike: VolumeSpikeSettings;
}

type Env = NodeJS.ProcessEnv;

/** A whole number from 1 up; unset: the default. */
function count(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new Error(`${name} must be a whole number from 1, not "${raw}"`);
  return Number(raw);
}

/** A whole percentage from 0 to 100. */
function percent(env: Env, name: string, fallback: bigint): bigint {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100)
    throw new Error(`${name} must be a whole percentage from 0 to 100, not "${raw}"`);
  return BigInt(raw);
}

/** Rupees (at most 2 decimals) as paise, above 0. */
function rupeesSetting(env: Env, name: string, fallback: bigint): bigint {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(raw);
  const paise = m?.[1] ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : 0n;
  if (paise === 0n)
    throw new Error(
      `${name} must be an amount of rupees above 0, such as 50000 or 999.50, not "${raw}"`,
    );
  return paise;
}

/**
 * AML_* settings (README, settings table): each refused at start with its name and what it must
 * be, never taken half-read.
 */
export function amlRuleSettings(env: Env): AmlRuleSettings {
  const P = PASS_THROUGH_DEFAULTS;
  const S = STRUCTURING_DEFAULTS;
  const V = VOLUME_SPIKE_DEFAULTS;
  return {
    passThrough: {
      windowHours: count(env, 'AML_PASS_THROUGH_WINDOW_HOURS', P.windowHours),
      minDeposits: rupeesSetting(env, 'AML_PASS_THROUGH_MIN_DEPOSITS_INR', P.minDeposits),
      minWithdrawnPercent: percent(
        env,
        'AML_PASS_THROUGH_MIN_WITHDRAWN_PERCENT',
        P.minWithdrawnPercent,
      ),
      maxTradedPercent: percent(env, 'AML_PASS_THROUGH_MAX_TRADED_PERCENT', P.maxTradedPercent),
    },
    structuring: {
      threshold: rupeesSetting(env, 'AML_STRUCTURING_THRESHOLD_INR', S.threshold),
      marginPercent: percent(env, 'AML_STRUCTURING_MARGIN_PERCENT', S.marginPercent),
      minCount: count(env, 'AML_STRUCTURING_MIN_COUNT', S.minCount),
      windowDays: count(env, 'AML_STRUCTURING_WINDOW_DAYS', S.windowDays),
    },
    sharedAddress: {
      maxAccounts: count(env, 'AML_SHARED_ADDRESS_ACCOUNTS', SHARED_ADDRESS_DEFAULTS.maxAccounts),
    },
    sharedDevice: {
      maxAccounts: count(env, 'AML_SHARED_DEVICE_ACCOUNTS', SHARED_DEVICE_DEFAULTS.maxAccounts),
      windowDays: count(env, 'AML_SHARED_DEVICE_WINDOW_DAYS', SHARED_DEVICE_DEFAULTS.windowDays),
    },
    volumeSpike: {
      multiple: BigInt(count(env, 'AML_VOLUME_SPIKE_MULTIPLE', Number(V.multiple))),
      historyDays: count(env, 'AML_VOLUME_SPIKE_HISTORY_DAYS', V.historyDays),
      minValue: rupeesSetting(env, 'AML_VOLUME_SPIKE_MIN_INR', V.minValue),
    },
  };
}
