import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { HotWallet, SignedTransfer } from '../../../chain/hot-wallet.js';
import type { Db } from '../../../db/connect.js';
import { decide, type Refusal, type SignerLimits, type SignRequest } from './policy.js';
import {
  insertSignature,
  nonceFloor,
  signatureOf,
  velocity,
  withdrawalFacts,
} from './repository.js';

/** The signer refused a transfer its policy does not allow (policy.ts says which rule). */
export class SignerRefusal extends Error {
  override readonly name = 'SignerRefusal';
  constructor(readonly reason: Refusal) {
    super(`the signer refused the transfer: ${reason.replaceAll('_', ' ')}`);
  }
}

/** The signer's series: what it signed and what it refused, by network and reason. */
export class SignerMetrics {
  readonly refusals: Counter<'network' | 'reason'>;
  readonly signed: Counter<'network'>;

  constructor(registry: Registry) {
    this.refusals = new Counter({
      name: 'exchange_signer_refusals_total',
      help: 'Transfers the hot wallet signer refused, by network and policy rule (alert: any)',
      labelNames: ['network', 'reason'],
      registers: [registry],
    });
    this.signed = new Counter({
      name: 'exchange_signer_signed_total',
      help: 'Withdrawal transfers the hot wallet signer signed, by network',
      labelNames: ['network'],
      registers: [registry],
    });
  }
}

/**
 * The only holder of the hot wallets' keys. It signs a withdrawal's transfer only when its
 * policy (policy.ts) allows it against what the database shows, one at a time (so two requests
 * never take one nonce or both fit under a limit), and keeps every signature before it answers
 * (signer_signatures): the same request again, while the withdrawal still awaits its record, gets
 * that transfer back, never a second one. Every refusal is logged and counted.
 */
export class PolicySigner {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly wallets: ReadonlyMap<string, HotWallet>,
    private readonly limits: SignerLimits,
    private readonly metrics: SignerMetrics,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The hot wallet's address on each network it signs for. */
  addresses(): Record<string, string> {
    return Object.fromEntries([...this.wallets].map(([n, w]) => [n, w.address.toLowerCase()]));
  }

  sign(request: SignRequest): Promise<SignedTransfer> {
    const run = this.turn.then(() => this.signNow(request));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async signNow(request: SignRequest): Promise<SignedTransfer> {
    const wallet = this.wallets.get(request.network);
    const facts = await withdrawalFacts(this.db, request.withdrawalId);
    const stored = facts && (await signatureOf(this.db, request.withdrawalId));
    const now = this.now();
    const decision = wallet
      ? decide(request, facts, stored !== undefined, await velocity(this.db, now), this.limits)
      : ({ kind: 'refuse', reason: 'wrong_network' } as const);
    if (decision.kind === 'refuse') {
      this.metrics.refusals.inc({ network: request.network, reason: decision.reason });
      this.log.error(
        { withdrawal: request.withdrawalId, network: request.network, reason: decision.reason },
        'signer refused a transfer',
      );
      throw new SignerRefusal(decision.reason);
    }
    if (decision.kind === 'resend' && stored) return stored;
    if (!wallet || !facts) throw new SignerRefusal('unknown_withdrawal');
    const from = wallet.address.toLowerCase();
    // Built from what the database says, not from the request (they matched above).
    const signed = await wallet.sign({
      contract: facts.contract,
      to: facts.address,
      units: facts.units,
      minNonce: await nonceFloor(this.db, request.network, from),
    });
    const kept = await insertSignature(this.db, {
      ...signed,
      withdrawalId: request.withdrawalId,
      network: request.network,
      to: facts.address.toLowerCase(),
      contract: facts.contract,
      units: facts.units,
      valueUsdt: facts.valueUsdt,
      signedAt: now,
    });
    if (!kept) throw new SignerRefusal('replayed');
    this.metrics.signed.inc({ network: request.network });
    this.log.info(
      { withdrawal: request.withdrawalId, txHash: signed.txHash, nonce: signed.nonce },
      'signer signed a withdrawal',
    );
    return signed;
  }
}
