import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvmRpc, EvmRpcError } from './evm-rpc.js';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A node that answers every call with `reply`, or never answers when it is null. */
async function fakeNode(reply: unknown): Promise<string> {
  server = http.createServer((req, res) => {
    if (reply === null) return;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-api-key`;
}

describe('createEvmRpc', () => {
  it('gives up after the timeout', async () => {
    const rpc = createEvmRpc({ network: 'bsc', url: await fakeNode(null), timeoutMs: 100 });
    await expect(rpc.blockNumber()).rejects.toThrow(
      new EvmRpcError('bsc RPC eth_blockNumber timed out after 100 ms'),
    );
  });

  it('surfaces JSON-RPC errors without the URL', async () => {
    const url = await fakeNode({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'boom' } });
    const error = await createEvmRpc({ network: 'bsc', url })
      .blockNumber()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvmRpcError);
    expect((error as Error).message).toBe('bsc RPC eth_blockNumber: boom');
  });

  it('refuses a malformed result rather than guessing', async () => {
    const url = await fakeNode({
      jsonrpc: '2.0',
      id: 1,
      result: { status: '0x1', blockNumber: 'ten', logs: [] },
    });
    await expect(
      createEvmRpc({ network: 'bsc', url }).getTransactionReceipt('0x00'),
    ).rejects.toThrow('bsc RPC eth_getTransactionReceipt: malformed result');
  });

  it('maps hex quantities to numbers and bigints', async () => {
    const url = await fakeNode({
      jsonrpc: '2.0',
      id: 1,
      result: {
        hash: `0x${'aa'.repeat(32)}`,
        from: `0x${'01'.repeat(20)}`,
        to: null,
        value: '0xde0b6b3a7640000',
        input: '0x',
        blockNumber: null,
      },
    });
    expect(await createEvmRpc({ network: 'bsc', url }).getTransaction('0x00')).toMatchObject({
      to: null,
      value: 10n ** 18n,
      blockNumber: null,
    });
  });
});
