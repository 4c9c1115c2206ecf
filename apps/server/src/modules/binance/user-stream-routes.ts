import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteServices } from '../route-group.js';
import { BinanceError } from './errors.js';
import { closeListenKey, createListenKey, keepListenKeyAlive } from './listen-keys.js';
import { binanceRequestOf, publicParams } from './request.js';
import { binanceKey } from './signed-request.js';

const hide = { hide: true };

/**
 * The user data stream's listen keys (Binance's `USER_STREAM` calls: the key header, no
 * signature): made, kept alive and closed here, in the database (`listen-keys.ts`), opened as
 * `/ws/<listenKey>` on any process serving the streams (`feed/binance-user-streams.ts`).
 */
export const userStreamRoutes: FastifyPluginAsync<RouteServices> = async (app) => {
  const { ctx } = app;
  const keyOf = (request: FastifyRequest) => binanceKey(ctx, binanceRequestOf(request), 'read');
  const unknown = () => new BinanceError(-1125, 'This listenKey does not exist.');

  app.post('/userDataStream', { schema: hide }, async (request) => {
    const key = await keyOf(request);
    return { listenKey: await createListenKey(ctx.db, key.userId, key.id, ctx.now().getTime()) };
  });

  app.put('/userDataStream', { schema: hide }, async (request) => {
    const key = await keyOf(request);
    const name = publicParams(request).required('listenKey');
    if (!(await keepListenKeyAlive(ctx.db, name, key.id, ctx.now().getTime()))) throw unknown();
    return {};
  });

  app.delete('/userDataStream', { schema: hide }, async (request) => {
    const key = await keyOf(request);
    const name = publicParams(request).required('listenKey');
    if (!(await closeListenKey(ctx.db, name, key.id))) throw unknown();
    return {};
  });
};
