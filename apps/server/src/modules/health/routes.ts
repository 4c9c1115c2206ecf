import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => ({
    success: true,
    status: 200,
    message: 'OK',
    data: { status: 'ok' },
  }));
};
