import { INR, QUOTE_ASSET, type WalletGroup } from '@exchange/contracts';
import { ConvertUsdt } from '@/features/rupees/components/convert-usdt';
import { balanceIn } from '@/features/wallets/wallet-math';

const holding = (g: WalletGroup) => ({
  tokenId: g.token_id,
  spot: balanceIn(g, 'spot').amount,
  funding: balanceIn(g, 'funding').amount,
});

/** Buy or sell USDT for rupees, from the user's wallets; nothing while either coin is unlisted. */
export function ConvertPanel({ groups }: { groups: WalletGroup[] }) {
  const inr = groups.find((g) => g.short_name === INR);
  const usdt = groups.find((g) => g.short_name === QUOTE_ASSET);
  if (!inr || !usdt) return null;
  return <ConvertUsdt inr={holding(inr)} usdt={holding(usdt)} />;
}
