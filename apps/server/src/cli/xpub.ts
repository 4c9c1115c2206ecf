import { text } from 'node:stream/consumers';
import { xpubFromMnemonic } from '../chain/hd-wallet.js';

export const XPUB_USAGE = 'usage: npm run admin -- xpub < mnemonic.txt';

/**
 * Prints the `HD_XPUB` of the mnemonic read from stdin: run it on the offline machine that keeps
 * the mnemonic, and give the server only its output. The words never go on the command line,
 * where `ps` and the shell history would keep them.
 */
export async function printXpub(input: NodeJS.ReadableStream): Promise<number> {
  if ('isTTY' in input && input.isTTY) console.error('Type the mnemonic, then Ctrl-D:');
  try {
    console.log(await xpubFromMnemonic(await text(input)));
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
