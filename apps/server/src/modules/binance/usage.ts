/**
 * Binance's usage limits as its spot API enforces them: request weight per client address per
 * minute, new orders per account per 10 seconds and per day, each counted in fixed windows
 * aligned to the clock (the `X-MBX-USED-WEIGHT-1M` and `X-MBX-ORDER-COUNT-10S/1D` headers).
 * A client that keeps calling after 429s is banned for a while (418), two minutes at first and
 * twice as long at each ban after, up to three days, as Binance describes its IP bans.
 */
export interface UsageLimits {
  weightPerMinute: number;
  ordersPer10s: number;
  ordersPerDay: number;
}

/** The limits as `exchangeInfo` lists them (`rateLimits`). */
export function rateLimitsOf(limits: UsageLimits) {
  return [
    {
      rateLimitType: 'REQUEST_WEIGHT',
      interval: 'MINUTE',
      intervalNum: 1,
      limit: limits.weightPerMinute,
    },
    { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: limits.ordersPer10s },
    { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: limits.ordersPerDay },
  ];
}

export const MINUTE_MS = 60_000;
export const TEN_SECONDS_MS = 10_000;
export const DAY_MS = 86_400_000;
/** Refusals (429) an address may receive in one minute before it is banned. */
export const REFUSALS_BEFORE_BAN = 10;
const FIRST_BAN_MS = 2 * MINUTE_MS;
const LONGEST_BAN_MS = 3 * DAY_MS;
const MAX_KEYS = 200_000;

/** Counts per key in fixed windows of `windowMs` aligned to the epoch. */
export class FixedWindows {
  private start = 0;
  private readonly counts = new Map<string, number>();

  constructor(readonly windowMs: number) {}

  count(key: string, nowMs: number): number {
    this.roll(nowMs);
    return this.counts.get(key) ?? 0;
  }

  add(key: string, amount: number, nowMs: number): number {
    const used = this.count(key, nowMs) + amount;
    // A flood of addresses cannot grow this without bound: past the cap a window starts over.
    if (this.counts.size >= MAX_KEYS && !this.counts.has(key)) this.counts.clear();
    this.counts.set(key, used);
    return used;
  }

  /** Whole seconds until this window's counts start over (at least 1). */
  secondsLeft(nowMs: number): number {
    return Math.max(1, Math.ceil((this.windowMs - (nowMs % this.windowMs)) / 1000));
  }

  private roll(nowMs: number): void {
    const start = nowMs - (nowMs % this.windowMs);
    if (start === this.start) return;
    this.start = start;
    this.counts.clear();
  }
}

export type Refusal =
  | { kind: 'weight'; status: 429; retryAfterSeconds: number }
  | { kind: 'banned'; status: 418; retryAfterSeconds: number; until: number };

export type OrderRefusal = { interval: '10s' | '1d'; limit: number; retryAfterSeconds: number };

interface Ban {
  until: number;
  /** How long the last ban was, doubled at the next one within a day of its end. */
  lengthMs: number;
}

export class BinanceUsage {
  private readonly weights = new FixedWindows(MINUTE_MS);
  private readonly refusals = new FixedWindows(MINUTE_MS);
  private readonly orders10s = new FixedWindows(TEN_SECONDS_MS);
  private readonly ordersDay = new FixedWindows(DAY_MS);
  private readonly bans = new Map<string, Ban>();

  constructor(readonly limits: UsageLimits) {}

  /** Counts a call's `weight` for `address`: the minute's weight used, and a refusal if over. */
  weigh(address: string, weight: number, nowMs: number): { used: number; refusal?: Refusal } {
    const ban = this.bans.get(address);
    const used = this.weights.add(address, weight, nowMs);
    if (ban && ban.until > nowMs) return { used, refusal: banned(ban, nowMs) };
    if (used <= this.limits.weightPerMinute) return { used };
    if (this.refusals.add(address, 1, nowMs) <= REFUSALS_BEFORE_BAN)
      return {
        used,
        refusal: {
          kind: 'weight',
          status: 429,
          retryAfterSeconds: this.weights.secondsLeft(nowMs),
        },
      };
    const next = this.ban(address, ban, nowMs);
    return { used, refusal: banned(next, nowMs) };
  }

  /** Counts a new order of `account`, unless it would go over a limit (then nothing counts). */
  order(
    account: string,
    nowMs: number,
  ): { tenSeconds: number; day: number; refusal?: OrderRefusal } {
    const tenSeconds = this.orders10s.count(account, nowMs);
    const day = this.ordersDay.count(account, nowMs);
    const { ordersPer10s, ordersPerDay } = this.limits;
    if (tenSeconds + 1 > ordersPer10s)
      return {
        tenSeconds,
        day,
        refusal: {
          interval: '10s',
          limit: ordersPer10s,
          retryAfterSeconds: this.orders10s.secondsLeft(nowMs),
        },
      };
    if (day + 1 > ordersPerDay)
      return {
        tenSeconds,
        day,
        refusal: {
          interval: '1d',
          limit: ordersPerDay,
          retryAfterSeconds: this.ordersDay.secondsLeft(nowMs),
        },
      };
    return {
      tenSeconds: this.orders10s.add(account, 1, nowMs),
      day: this.ordersDay.add(account, 1, nowMs),
    };
  }

  /** The new orders `account` has placed in the current windows. */
  orderCounts(account: string, nowMs: number): { tenSeconds: number; day: number } {
    return {
      tenSeconds: this.orders10s.count(account, nowMs),
      day: this.ordersDay.count(account, nowMs),
    };
  }

  private ban(address: string, last: Ban | undefined, nowMs: number): Ban {
    const recent = last !== undefined && nowMs - last.until < DAY_MS;
    const lengthMs = recent ? Math.min(last.lengthMs * 2, LONGEST_BAN_MS) : FIRST_BAN_MS;
    const ban = { until: nowMs + lengthMs, lengthMs };
    if (this.bans.size >= MAX_KEYS) this.forgetEndedBans(nowMs);
    this.bans.set(address, ban);
    return ban;
  }

  private forgetEndedBans(nowMs: number): void {
    for (const [address, ban] of this.bans)
      if (nowMs - ban.until >= DAY_MS) this.bans.delete(address);
  }
}

function banned(ban: Ban, nowMs: number): Refusal {
  return {
    kind: 'banned',
    status: 418,
    retryAfterSeconds: Math.max(1, Math.ceil((ban.until - nowMs) / 1000)),
    until: ban.until,
  };
}
