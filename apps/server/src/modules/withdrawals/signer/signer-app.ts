import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { HotWalletRefusal } from '../../../chain/hot-wallet.js';
import { LOG_REDACT_PATHS } from '../../../lib/log-redaction.js';
import { SignerRefusal, type PolicySigner } from './policy-signer.js';

const SignBody = z.object({
  withdrawal_id: z.string().max(64),
  network: z.string().max(32),
  contract: z.string().max(64).nullable(),
  to: z.string().max(64),
  units: z.string().regex(/^\d{1,78}$/),
});

/**
 * The signer's own small HTTP service (`npm run signer`): POST /sign (the policy decides:
 * 200 signed, 403 refused with the rule, 409 the chain would refuse it, 503 the node is not
 * reachable), GET /wallets (its addresses) and GET /metrics (Prometheus). It listens on
 * SIGNER_HOST, loopback by default: only the server's hosts should reach it.
 */
export function buildSignerApp(
  signerFor: (log: FastifyBaseLogger) => PolicySigner,
  registry: Registry,
  logger: boolean = true,
): FastifyInstance {
  const app = Fastify({ logger: logger && { redact: LOG_REDACT_PATHS } });
  const signer = signerFor(app.log);
  app.post('/sign', async (request, reply) => {
    const parsed = SignBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Not a sign request' });
    const body = parsed.data;
    try {
      const signed = await signer.sign({
        withdrawalId: body.withdrawal_id,
        network: body.network,
        contract: body.contract,
        to: body.to,
        units: BigInt(body.units),
      });
      const { rawTx, txHash, nonce, from } = signed;
      return { raw_tx: rawTx, tx_hash: txHash, nonce, from };
    } catch (err) {
      if (err instanceof SignerRefusal)
        return reply.code(403).send({ reason: err.reason, message: err.message });
      if (err instanceof HotWalletRefusal) return reply.code(409).send({ message: err.message });
      request.log.error({ err }, 'signer could not sign');
      return reply.code(503).send({ message: 'The node is not available' });
    }
  });
  app.get('/wallets', async () => signer.addresses());
  app.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  return app;
}
