/** ABI encoding for the calls the tests make, so they need no web3 library. */
export function encodeTransfer(to: string, units: bigint): string {
  return `0xa9059cbb${word(BigInt(to))}${word(units)}`;
}

export function encodeBalanceOf(owner: string): string {
  return `0x70a08231${word(BigInt(owner))}`;
}

/** Contract creation data: TestToken's bytecode followed by (uint8 decimals, uint256 supply). */
export function encodeDeploy(bytecode: string, decimals: number, supply: bigint): string {
  return `${bytecode}${word(BigInt(decimals))}${word(supply)}`;
}

function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}
