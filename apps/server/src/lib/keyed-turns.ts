/**
 * Runs the tasks given one key one at a time, in the order they came (a failed task does not stop
 * the next); tasks of different keys run side by side. For a check followed by a write that two
 * requests of one user (or admin) must not both pass: each reads a count or a total, then adds to
 * it. Within one process: the writer is one process (the core), which runs every such request.
 */
export function keyedTurns() {
  const turns = new Map<string, Promise<unknown>>();
  return function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (turns.get(key) ?? Promise.resolve()).then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return run;
  };
}
