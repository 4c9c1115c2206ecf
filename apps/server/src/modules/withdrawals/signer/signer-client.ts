import { HotWalletRefusal, type SignedTransfer } from '../../../chain/hot-wallet.js';
import { REFUSALS, type Refusal, type SignRequest } from './policy.js';
import { SignerRefusal } from './policy-signer.js';

/** How long the server waits for the signer (it asks the chain for a nonce and fees). */
const SIGNER_TIMEOUT_MS = 30_000;

/** The signer process over HTTP (`SIGNER_URL`): its answers as the in-process signer throws them. */
export class SignerClient {
  constructor(private readonly url: string) {}

  async sign(request: SignRequest): Promise<SignedTransfer> {
    const res = await fetch(`${this.url}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signRequestBody(request)),
      signal: AbortSignal.timeout(SIGNER_TIMEOUT_MS),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status === 200)
      return {
        rawTx: String(body.raw_tx),
        txHash: String(body.tx_hash),
        nonce: Number(body.nonce),
        from: String(body.from),
      };
    if (res.status === 403 && REFUSALS.includes(body.reason as Refusal))
      throw new SignerRefusal(body.reason as Refusal);
    if (res.status === 409) throw new HotWalletRefusal(String(body.message));
    throw new Error(`the signer did not sign (${res.status})`);
  }
}

/** A sign request as the signer's HTTP API takes it. */
export const signRequestBody = (r: SignRequest) => ({
  withdrawal_id: r.withdrawalId,
  network: r.network,
  contract: r.contract,
  to: r.to,
  units: r.units.toString(),
});
