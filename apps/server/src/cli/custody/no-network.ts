import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';

export const NO_NETWORK = 'The offline signer opens no network connection';

/**
 * Makes every way out of this process throw: TCP and TLS connections (which HTTP and fetch use),
 * UDP sockets, name lookups, fetch. The offline signer installs it before reading any key, so
 * nothing it loads can reach the network even by mistake.
 */
export function forbidNetwork(): void {
  const refuse = (): never => {
    throw new Error(NO_NETWORK);
  };
  net.Socket.prototype.connect = refuse;
  net.connect = refuse;
  net.createConnection = refuse;
  tls.connect = refuse;
  dgram.createSocket = refuse;
  Object.assign(dns, { lookup: refuse, resolve: refuse });
  globalThis.fetch = refuse;
}
