import { isIP } from 'node:net';
import { list } from './list-setting.js';

/** proxy-addr's named ranges, which Fastify accepts beside addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Only named proxies are trusted. "Trust any hop" (`true`, `1`) would let every client choose its
 * own address in X-Forwarded-For and so its own rate-limit bucket; a hop count trusts nothing in
 * Fastify 5. Both are refused at start rather than silently meaning something else.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  const proxies = list(value);
  const invalid = proxies.filter((p) => !PROXY_RANGES.has(p) && !isAddressOrCidr(p));
  if (invalid.length > 0 || proxies.length === 0)
    throw new Error(
      `TRUST_PROXY must list the reverse proxies to trust, as addresses or CIDRs separated by ` +
        `commas (for example 10.0.0.0/8,127.0.0.1), not "${value}": trusting any hop would let ` +
        `clients choose their own address`,
    );
  return proxies;
}

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
