/**
 * Fastify logs a request's method, URL and status, never its body. These paths are masked as well,
 * should anyone log an object that carries a token or an identity number. No path starts with a
 * wildcard: pino runs a leading-wildcard path over every field of every line and every child
 * logger's bindings (one per request), which cost each request a fiftieth of its time.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.body',
  'body',
  'aadhar_number',
  'pan_number',
  'verification.aadhar_number',
  'verification.pan_number',
  'err.aadhar_number',
  'err.pan_number',
];
