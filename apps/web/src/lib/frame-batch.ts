/**
 * Coalesces calls into one per animation frame: however many updates arrive between two frames,
 * `flush` runs once, in a task of its own just after that frame. A live feed's render (a store
 * update renders synchronously) then does not share a task with the frame's style, layout and
 * paint: each stays short on a slow phone, and the change shows at the next frame. Like the
 * frame itself, nothing runs while the page is hidden. Returns `schedule` and `cancel`.
 */
export function frameBatch(flush: () => void) {
  let frame: number | null = null;
  let task: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (frame !== null || task !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        task = setTimeout(() => {
          task = null;
          flush();
        }, 0);
      });
    },
    cancel() {
      if (frame !== null) cancelAnimationFrame(frame);
      if (task !== null) clearTimeout(task);
      frame = null;
      task = null;
    },
  };
}
