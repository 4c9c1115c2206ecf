import { grantFunds } from '../../src/demo/grant-funds.js';
import { ledgerOne } from '../../src/core/money.js';
import type { TestApp } from './test-app.js';

/** Funds a user's funding wallet with `whole` tokens, as a confirmed deposit. */
export const demoGrant = (t: TestApp, userId: string, tokenId: string, whole: bigint) =>
  grantFunds(t.app.ctx.core, { userId, tokenId, amount: whole * ledgerOne, wallet: 'funding' });
