import type { StepUp } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { updateUser } from '../users/service.js';

/**
 * Sets (or, with an empty code, removes) the code every mail of the exchange shows its recipient
 * at the top (`mail/layout.ts` `withAntiPhishingCode`, applied to every mail by `ctx.sendMail`),
 * stepped up by the second factor: whoever holds only a session cannot make a phishing mail look
 * genuine. The owner is told by mail, which already shows the new code.
 */
export async function setAntiPhishingCode(
  ctx: AppContext,
  userId: string,
  code: string,
  proof: StepUp,
  from: RequestOrigin,
): Promise<string | null> {
  await requireSecondFactor(ctx, userId, proof);
  const value = code === '' ? null : code;
  await updateUser(ctx.db, userId, { antiPhishingCode: value }, ctx.now());
  notifySecurityEvent(
    ctx,
    userId,
    { type: 'anti_phishing_changed', removed: value === null },
    from,
  );
  return value;
}
