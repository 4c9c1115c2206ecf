import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Token } from '../../core/tokens.js';
import { BinanceError } from './errors.js';
import { BinanceParams } from './params.js';
import { withdrawRequestOf } from './withdraw-params.js';

const USDT: Token = {
  id: randomUUID(),
  name: 'Tether',
  shortName: 'USDT',
  decimals: 6,
  networks: [
    { network: 'ethereum', contractAddress: '0x1', decimals: 6 },
    { network: 'polygon', contractAddress: '0x2', decimals: 6 },
  ],
};
const INR: Token = { id: randomUUID(), name: 'Rupee', shortName: 'INR', decimals: 2, networks: [] };
const ADDRESS = '0x2222222222222222222222222222222222222222';
const read = (query: string) => withdrawRequestOf([USDT, INR], BinanceParams.of(query, ''));
const codeOf = (query: string) => {
  try {
    read(query);
  } catch (err) {
    return err instanceof BinanceError ? err.code : 'not a Binance error';
  }
  return 'accepted';
};

describe("capital/withdraw/apply's parameters as our withdrawal request", () => {
  it("reads the coin, Binance's network code, the address and the amount", () => {
    expect(read(`coin=usdt&network=MATIC&address=${ADDRESS}&amount=12.5`)).toEqual({
      token_id: USDT.id,
      network: 'polygon',
      address: ADDRESS,
      amount: '12.5',
    });
  });

  it("takes the coin's first network when none is named (getall marks it default)", () => {
    expect(read(`coin=USDT&address=${ADDRESS}&amount=1`).network).toBe('ethereum');
    expect(read(`coin=USDT&address=${ADDRESS}&amount=1&walletType=1`).network).toBe('ethereum');
  });

  it("refuses with Binance's codes: unknown coin, network, tag, wallet, address, amount", () => {
    expect(codeOf(`coin=DOGE&address=${ADDRESS}&amount=1`)).toBe(-4018);
    expect(codeOf(`coin=USDT&network=BSC&address=${ADDRESS}&amount=1`)).toBe(-4019);
    expect(codeOf(`coin=INR&address=${ADDRESS}&amount=1`)).toBe(-4019);
    expect(codeOf(`coin=USDT&address=${ADDRESS}&amount=1&addressTag=7`)).toBe(-4008);
    expect(codeOf(`coin=USDT&address=${ADDRESS}&amount=1&walletType=0`)).toBe(-1100);
    expect(codeOf('coin=USDT&address=0x12&amount=1')).toBe(-4033);
    expect(codeOf('coin=USDT&amount=1')).toBe(-1102);
    expect(codeOf(`coin=USDT&address=${ADDRESS}`)).toBe(-1102);
    expect(codeOf(`coin=USDT&address=${ADDRESS}&amount=-1`)).toBe(-1100);
    expect(codeOf(`address=${ADDRESS}&amount=1`)).toBe(-1102);
  });
});
