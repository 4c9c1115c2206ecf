import {
  inclusionProofSchema,
  PROOF_OF_RESERVES_MESSAGES as M,
  reservesHistoryQuerySchema,
  reservesSigningKeySchema,
  reservesSnapshotSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { toSnapshotDto } from './dto.js';
import { inclusionProof, latestSnapshot, signingKey, snapshotHistory } from './service.js';

/** The published proof of reserves, for anyone. */
export const reservesRoutes: RouteGroup = {
  prefix: '/proof-of-reserves',
  access: 'public',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags: ['reserves'],
        summary:
          'The latest proof of reserves: Merkle sum tree root, totals and reserves per asset',
        response: responses({ 200: reservesSnapshotSchema.nullable() }),
      },
      handler: async () => {
        const snapshot = await latestSnapshot(app.ctx.db);
        return snapshot ? ok(200, 'OK', toSnapshotDto(snapshot)) : ok(200, M.noSnapshot, null);
      },
    });

    app.get('/history', {
      schema: {
        tags: ['reserves'],
        summary: 'Every published proof of reserves, newest first, each with its signed root',
        querystring: reservesHistoryQuerySchema,
        response: pagedResponses(z.array(reservesSnapshotSchema)),
      },
      handler: async (request) => {
        const { page, page_size: pageSize } = request.query;
        const { rows, total } = await snapshotHistory(app.ctx.db, { page, pageSize });
        return okPage(rows.map(toSnapshotDto), total);
      },
    });

    app.get('/signing-key', {
      schema: {
        tags: ['reserves'],
        summary: "The exchange's Ed25519 public key every proof-of-reserves root is signed with",
        response: responses({ 200: reservesSigningKeySchema }),
      },
      handler: async () => ok(200, 'OK', await signingKey(app.ctx)),
    });
  },
};

/** The signed-in user's inclusion proof in the latest snapshot. */
export const reservesProofRoutes: RouteGroup = {
  prefix: '/proof-of-reserves/proof',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags: ['reserves'],
        summary: "The signed-in user's inclusion proof in the latest proof of reserves",
        security: [{ bearer: [] }],
        response: responses({ 200: inclusionProofSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await inclusionProof(app.ctx, authOf(request).userId)),
    });
  },
};
