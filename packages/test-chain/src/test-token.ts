import path from 'node:path';
import { encodeAbiParameters, keccak256 } from 'viem';
import { compileContract } from './compile-solidity.js';
import { encodeBalanceOf, encodeDeploy, encodeTransfer } from './erc20-calls.js';
import type { LocalChain } from './local-chain.js';

/** TestToken's creation bytecode, compiled from `contracts/TestToken.sol`. */
export const compileTestToken = (): Promise<string> =>
  compileContract(path.join(import.meta.dirname, '../contracts/TestToken.sol'), 'TestToken');

/** Deploys TestToken with `supply` units held by `from`; returns the contract's address. */
export async function deployTestToken(
  chain: LocalChain,
  bytecode: string,
  from: string,
  decimals: number,
  supply: bigint,
): Promise<string> {
  const hash = await chain.send({ from, data: encodeDeploy(bytecode, decimals, supply) });
  const receipt = await chain.request<{ contractAddress: string }>('eth_getTransactionReceipt', [
    hash,
  ]);
  return receipt.contractAddress;
}

/**
 * TestToken's code placed at `address` with no balances: a listed token's real contract address
 * (mainnet USDT's, say) then answers on the local chain as that token would.
 */
export async function placeTestToken(
  chain: LocalChain,
  bytecode: string,
  address: string,
  decimals: number,
): Promise<void> {
  const [deployer] = chain.accounts as [string];
  const deployed = await deployTestToken(chain, bytecode, deployer, decimals, 0n);
  const code = await chain.request<string>('eth_getCode', [deployed, 'latest']);
  await chain.request('hardhat_setCode', [address, code]);
}

/** Sends `units` of the ERC-20 at `contract` from an unlocked account; returns the hash. */
export const sendToken = (
  chain: LocalChain,
  contract: string,
  from: string,
  to: string,
  units: bigint,
  /** Set it for a transfer that reverts: gas estimation would refuse to send it. */
  gas?: number,
): Promise<string> => chain.send({ from, to: contract, data: encodeTransfer(to, units), gas });

/** Sets `owner`'s TestToken balance by hand (the contract keeps balanceOf in storage slot 0). */
export async function setTokenBalance(
  chain: LocalChain,
  contract: string,
  owner: string,
  units: bigint,
): Promise<void> {
  const slot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner as `0x${string}`, 0n]),
  );
  await chain.request('hardhat_setStorageAt', [
    contract,
    slot,
    `0x${units.toString(16).padStart(64, '0')}`,
  ]);
}

/** `owner`'s balance of the ERC-20 at `contract`, in on-chain units. */
export async function tokenBalance(
  chain: LocalChain,
  contract: string,
  owner: string,
): Promise<bigint> {
  const result = await chain.request<string>('eth_call', [
    { to: contract, data: encodeBalanceOf(owner) },
    'latest',
  ]);
  return BigInt(result);
}
