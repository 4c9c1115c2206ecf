/**
 * Fastify logs a request's method, URL and status, never its body. These paths are masked as well,
 * should anyone log an object that carries a token or an identity number.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.body',
  'body',
  'aadhar_number',
  'pan_number',
  '*.aadhar_number',
  '*.pan_number',
];
