import type { AppContext } from '../../context.js';
import { deviceName } from '../../lib/device-name.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { securityNoticeMail, type SecurityEvent } from '../../mail/security-notices.js';
import { findUserById } from '../users/service.js';

export type { SecurityEvent, SecurityEventType } from '../../mail/security-notices.js';

/**
 * Mails the account's owner a security notice (review M3): what happened, when (IST and UTC),
 * from where (`from`: the request that did it, when a person's request did) and how to react.
 * Call it after the action is done; it returns at once, the lookup and the sending run off the
 * caller's path, and a failure is logged, never thrown: a notice never blocks or fails its action.
 */
export function notifySecurityEvent(
  ctx: AppContext,
  userId: string,
  event: SecurityEvent,
  from: RequestOrigin | null = null,
): void {
  const at = ctx.now();
  ctx.sendMail(async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return null;
    const language = user.language ?? from?.language;
    const origin = from && { ip: from.ip, device: deviceName(from.userAgent, language) };
    return securityNoticeMail(user.email, event, at, origin, language);
  });
}
