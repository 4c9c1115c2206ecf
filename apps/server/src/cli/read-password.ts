import { text } from 'node:stream/consumers';

/**
 * A password read from stdin (review L12: never the command line, where `ps` and the shell
 * history keep it). From a terminal it is typed after a prompt and not echoed; from a pipe or a
 * file the first line is the password.
 */
export async function readPassword(input: NodeJS.ReadStream, prompt = 'Password'): Promise<string> {
  if (!input.isTTY) return (await text(input)).split(/\r?\n/)[0] ?? '';
  process.stderr.write(`${prompt} (not shown): `);
  input.setRawMode(true);
  input.setEncoding('utf8');
  let typed = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return typed;
        if (char === '\u0003') throw new Error('Cancelled');
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    }
    return typed;
  } finally {
    input.setRawMode(false);
    input.pause();
    process.stderr.write('\n');
  }
}
