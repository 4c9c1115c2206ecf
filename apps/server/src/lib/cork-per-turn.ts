import type { Socket } from 'node:net';

/**
 * Writes to `tcp` in one turn of the event loop leave in one system call: call what this returns
 * before each write; the turn's first call corks the socket and the turn's end (setImmediate)
 * uncorks it. Pipelined messages (a batch's answers, a program's calls) then cost one write
 * together instead of one each.
 */
export function corkPerTurn(tcp: Socket): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    tcp.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    tcp.cork();
    setImmediate(uncork);
  };
}
