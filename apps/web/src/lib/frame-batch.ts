/**
 * Coalesces calls into one per animation frame: however many updates arrive between two frames,
 * `flush` runs once, before the next paint. Returns `schedule` and `cancel`.
 */
export function frameBatch(flush: () => void) {
  let handle: number | null = null;
  return {
    schedule() {
      if (handle !== null) return;
      handle = requestAnimationFrame(() => {
        handle = null;
        flush();
      });
    },
    cancel() {
      if (handle !== null) cancelAnimationFrame(handle);
      handle = null;
    },
  };
}
