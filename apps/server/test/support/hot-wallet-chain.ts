import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  type LocalChain,
} from '@exchange/test-chain';

/**
 * A local chain with a test USDT (6 decimals) and a hot wallet holding 100 of the native coin
 * and `usdtUnits` of it: what the hot wallet's payout tests start from.
 */
export async function chainWithHotWallet(
  hot: string,
  usdtUnits: bigint,
): Promise<{ chain: LocalChain; usdtContract: string }> {
  const bytecode = await compileTestToken();
  const chain = await startLocalChain();
  const [sender] = chain.accounts as [string];
  const usdtContract = await deployTestToken(chain, bytecode, sender, 6, 10n ** 30n);
  await chain.request('hardhat_setBalance', [hot, `0x${(10n ** 20n).toString(16)}`]);
  await sendToken(chain, usdtContract, sender, hot, usdtUnits);
  return { chain, usdtContract };
}
