import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import { tokenBalance, transferFunds, walletGroups, walletList } from './service.js';

const COIN = { name: 'Spec Coin', shortName: 'SPC', decimals: 8, networks: [] };
const PAGE = { page: 1, pageSize: 100 };

/** A user's wallets: every listed token in each wallet, and transfers between their own. */
describe('wallets service', () => {
  const t = specContext();

  it('shows every listed token in every wallet, zero where the user holds none', async () => {
    await t.coin(COIN);
    const user = await t.user();
    const { data } = await walletGroups(t.ctx, user.id, { ...PAGE, tokenId: 'SPC' });
    expect(data).toHaveLength(1);
    expect(data[0]?.balances.map((b) => b.wallet_type)).toEqual(['spot', 'funding']);
    expect(data[0]?.balances.every((b) => Number(b.amount) === 0)).toBe(true);
    const spot = await walletGroups(t.ctx, user.id, { ...PAGE, walletType: 'spot' });
    expect(spot.data.every((g) => g.balances.length === 1)).toBe(true);
    expect((await walletList(t.ctx, user.id, 'funding', PAGE)).total).toBe(spot.total);
  });

  it('refuses a transfer to the same wallet or beyond what is available, moving nothing', async () => {
    await t.coin(COIN);
    const user = await t.user();
    const token = t.ctx.core.tokens.get('SPC');
    const move = (from: 'spot' | 'funding', to: 'spot' | 'funding', amount: string) =>
      transferFunds(t.ctx, user.id, {
        token_id: token.id,
        from_wallet: from,
        to_wallet: to,
        amount,
      });
    await expect(move('spot', 'spot', '1')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(move('funding', 'spot', '0.5')).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(Number((await tokenBalance(t.ctx, user.id, 'SPC', 'funding')).amount)).toBe(0);
  });
});
