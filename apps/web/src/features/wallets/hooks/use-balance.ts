import type { WalletType } from '@exchange/contracts';
import { useGetWalletsQuery } from '../api/get-wallets';
import { balanceIn } from '../wallet-math';

/** One coin's free amount in one wallet, live from the wallets cache ("0" until loaded). */
export function useAvailable(tokenId: string, wallet: WalletType): string {
  const { data } = useGetWalletsQuery(undefined);
  const group = data?.find((g) => g.token_id === tokenId);
  return group ? balanceIn(group, wallet).amount : '0';
}
