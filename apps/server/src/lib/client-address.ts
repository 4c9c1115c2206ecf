import { BlockList, isIPv4 } from 'node:net';

/** proxy-addr's named ranges, as Fastify reads them in its own `trustProxy`. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * The client's address for connections Fastify does not see (Socket.IO's handshakes), by the
 * rule Fastify applies to requests with the same `trustProxy` list: starting from the socket's
 * peer, step left through X-Forwarded-For while the current hop is a trusted proxy.
 */
export class ClientAddress {
  private readonly trusted = new BlockList();

  constructor(private readonly proxies: string[] | false) {
    for (const proxy of proxies || [])
      for (const range of NAMED_RANGES[proxy] ?? [proxy]) this.trust(range);
  }

  of(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
    let address = plain(peer ?? '');
    if (!this.proxies) return address;
    const hops = [forwardedFor ?? []]
      .flat()
      .join(',')
      .split(',')
      .map((h) => plain(h.trim()))
      .filter(Boolean);
    while (hops.length > 0 && this.isTrusted(address)) address = hops.pop() as string;
    return address;
  }

  private trust(range: string): void {
    const [address = '', bits] = range.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) this.trusted.addAddress(address, type);
    else this.trusted.addSubnet(address, Number(bits), type);
  }

  private isTrusted(address: string): boolean {
    try {
      return this.trusted.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
    } catch {
      return false; // not an address at all: never a proxy of ours
    }
  }
}

/** `::ffff:10.0.0.1`, as a dual-stack socket reports an IPv4 peer, is `10.0.0.1`. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}
