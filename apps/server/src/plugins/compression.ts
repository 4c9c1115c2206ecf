import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: an order's acknowledgement, a balance. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The API's larger answers travel compressed by Accept-Encoding (brotli, else gzip): a chart's
 * 500 candles are about 70 KB of JSON, 15 KB gzipped, which a phone on a slow link feels. Brotli
 * runs at quality 4, not zlib's 11, which costs far more CPU per answer than it saves in bytes.
 * The web app's files already carry their precompressed twins and are left alone, as is every
 * answer that already has a Content-Encoding.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
