import { reservesSnapshotSchema } from '@exchange/contracts';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { toSnapshotDto } from './dto.js';
import { publishSnapshot } from './service.js';

/** Admins take a proof-of-reserves snapshot on demand; a failing ledger audit refuses it (409). */
export const adminReservesRoutes: RouteGroup = {
  prefix: '/admin/proof-of-reserves',
  access: 'admin',
  routes: async (app) => {
    app.post('', {
      schema: {
        summary:
          'Audit the ledger, then snapshot every balance into a Merkle sum tree, read the reserves on chain and publish',
        response: responses({ 201: reservesSnapshotSchema }),
      },
      handler: async (request, reply) => {
        const snapshot = await publishSnapshot(app.ctx, adminActorOf(request));
        return reply
          .code(201)
          .send(ok(201, 'Proof of reserves published', toSnapshotDto(snapshot)));
      },
    });
  },
};
