/** An HTTP request as a gateway hands it to the core over the broker. */
export interface BusRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  /** base64; absent without a body. */
  body?: string;
  /** The client's address as the gateway established it (its trusted proxies applied). */
  remoteAddress: string;
  /** One id for the request in the gateway's log and the core's. */
  requestId: string;
}

/** The core's answer: status, headers and body as the single server would have sent them. */
export interface BusResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** base64 */
  body: string;
}

/** Headers that describe one hop's connection, not the message: never carried across. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'x-forwarded-for',
  'x-request-id',
]);

export function messageHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name.toLowerCase())) continue;
    out[name] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}
