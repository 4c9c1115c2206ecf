import { ORDER_ENTRY_MAX_IN_FLIGHT, ORDER_ENTRY_MAX_UNREAD_BYTES } from '@exchange/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { DocumentedSchema } from '../lib/route-schema.js';

/** How an API key signs a request: shown with the key's scheme in the docs. */
const SIGNING_SCHEME = [
  'An API key (created at /profile/api-keys) signs each request. Send three headers:',
  'X-API-KEY (the key), X-API-TIMESTAMP (now, epoch milliseconds) and X-API-SIGNATURE:',
  'the lowercase hex HMAC-SHA256, keyed with the secret, of these five lines joined by \\n:',
  'the timestamp, the method in capitals, the path (e.g. /api/v1/orders/spot), the query',
  'string without its "?" (or nothing) and the body exactly as sent (or nothing).',
  'A timestamp older than API_RECV_WINDOW_MS (5000) or 1000 ms or more ahead of the server',
  'clock, or a signature already used, is refused (401). Scopes: read (wallets, balances, deposit addresses, orders',
  'and history), trade (place, cancel, batch), withdraw. Routes naming apiKey below accept a',
  'key; key management and admin calls never do.',
  'WebSocket order entry (scope trade): GET /api/v1/ws/trade upgraded to a WebSocket, signed',
  "as any GET (its query included; order_updates=true also pushes the owner's order updates as",
  '{ "event": "order_update", "data", "ts" }); a refused upgrade answers 401, 403 or 429 with',
  'the error body. Then JSON text messages { "id", "method": "place" | "cancel" | "cancel_all",',
  '"params" } (params: the POST /api/v1/orders/spot body; { order_id } or { client_order_id };',
  '{ symbol? }), each answered in the order sent: { "id", "ok": true, "data" } (the order as',
  'HTTP answers it) or { "id", "ok": false, "status", "code", "message" }. At most',
  `${ORDER_ENTRY_MAX_IN_FLIGHT} calls may be in flight (sent, not yet answered) on a connection;`,
  'one past that is answered at once, ahead of the answers still due, with status 429, code',
  'RATE_LIMITED, and nothing runs for it. Past',
  `${ORDER_ENTRY_MAX_UNREAD_BYTES / 1024 / 1024} MB of answers and updates left unread, the server`,
  "reads none of the connection's calls until the client has read them.",
].join(' ');

/** OpenAPI generated from the route schemas (the contracts' zod schemas), served at /api/docs. */
export const docs = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Exchange API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-KEY',
            description: SIGNING_SCHEME,
          },
          apiTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-TIMESTAMP',
            description: 'The request time, epoch milliseconds',
          },
          apiSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-SIGNATURE',
            description: 'HMAC-SHA256 of the signing payload under the secret, lowercase hex',
          },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const body = (input.schema as DocumentedSchema | undefined)?.documentedBody;
      return body ? { ...output, schema: { ...output.schema, body } } : output;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Plain-http dev servers must still load the page; framing stays forbidden as elsewhere.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
});
